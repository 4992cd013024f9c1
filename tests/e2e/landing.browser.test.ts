import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startServer, tempDataDir, type RunningServer } from '../support/server';

// What a person sees when they open the address the start command prints.

describe('landing page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: tempDataDir(), APP_NAME: 'АвтоРадар' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The mini-app's build outside Telegram shows a page that links to the bot (tests/e2e/tma-native.browser.test.ts).
  for (const [title, path] of [['web app', '/']] as const) {
    it(`${title}: shows the product name, the search button and the legal links, with no script errors`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: 'АвтоРадар' }).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Начать поиск', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.title()).toBe('АвтоРадар');
      expect(await page.locator('html').getAttribute('lang')).toBe('ru');
      for (const href of ['/policy', '/rules', '/contacts']) {
        expect(await page.locator(`a[href$="${href}"]`).count()).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('an unknown address shows a Russian not-found page with a way home', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByText('Страница не найдена').first().isVisible()).toBe(true);
    await page.close();
  });
});
