import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { screenshot, startJourneyServer, type JourneyServer } from '../support/session';

// Issue 31: pages that survive a deploy. A screen's chunk that 404s once (replaced by a deploy) reloads the page by
// itself once and then works; a screen whose module throws shows «Что-то пошло не так» with «Обновить», never a white
// page, and the error is reported to POST /api/client-errors.

const CONTACTS_CHUNK = /\/assets\/contacts-screen-[^/]+\.js$/;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe('error pages in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startJourneyServer({ LOG_LEVEL: 'info' }, 300_000);
    browser = await launchBrowser();
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function page(width = 1280, dark = false): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: dark ? 'dark' : 'light' });
    await ctx.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
    return ctx.newPage();
  }

  it('a chunk that 404s once reloads the page once, then the screen works', async () => {
    const p = await page();
    let failed = 0;
    // Page loads as the server sees them (a reload before the first load event fires none of its own).
    let loads = 0;
    p.on('request', (r) => void (r.isNavigationRequest() && r.frame() === p.mainFrame() ? (loads += 1) : 0));
    await p.route(CONTACTS_CHUNK, async (route) => {
      // Every request of the first page load fails (the preload and the import alike), as after a deploy.
      if (loads < 2) {
        failed += 1;
        return route.fulfill({ status: 404, body: 'not found' });
      }
      return route.continue();
    });
    await p.goto(`${server.url}/contacts`);
    await poll(() => p.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/Контакты/);
    expect(failed).toBeGreaterThan(0);
    expect(loads).toBe(2);
    expect(await p.getByText('Что-то пошло не так').count()).toBe(0);
    await p.context().close();
  }, 180_000);

  it('a chunk that stays missing reloads once only, then shows the error screen', async () => {
    const p = await page();
    let loads = 0;
    p.on('load', () => void (loads += 1));
    await p.route(CONTACTS_CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await p.goto(`${server.url}/contacts`);
    await poll(() => p.getByRole('heading', { name: 'Что-то пошло не так' }).isVisible()).toBe(true);
    expect(loads).toBe(2);
    await p.context().close();
  }, 180_000);

  it('a screen that throws shows «Что-то пошло не так» with «Обновить» and reports it', async () => {
    for (const width of [390, 1280]) {
      for (const dark of [false, true]) {
        const p = await page(width, dark);
        const reports: string[] = [];
        p.on('request', (r) => {
          if (r.url().endsWith('/api/client-errors')) reports.push(r.postData() ?? '');
        });
        await p.route(CONTACTS_CHUNK, (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            body: 'throw new Error("contacts screen failed to start");',
          }),
        );
        await p.goto(`${server.url}/contacts`);
        await poll(() => p.getByRole('heading', { name: 'Что-то пошло не так' }).isVisible()).toBe(true);
        expect(await p.getByRole('button', { name: 'Обновить' }).isVisible()).toBe(true);
        await poll(() => reports.length).toBeGreaterThan(0);
        expect(reports[0]).toContain('contacts screen failed to start');
        await screenshot(p, `error-screen-${width}-${dark ? 'dark' : 'light'}`);
        await p.context().close();
      }
    }
    expect(server.output()).toContain('contacts screen failed to start');
  }, 300_000);
});
