import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startServer, tempDataDir, type RunningServer } from '../support/server';

// Room for a busy machine: expect.poll's default gives up after a second, less than a loaded server takes.
vi.setConfig({ testTimeout: 240_000, expect: { poll: { timeout: 15_000, interval: 100 } } });

// From the landing carousel to a listing, on the demo data the embedded start seeds.

describe('listing page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: tempDataDir(), APP_NAME: 'АвтоРадар', DEMO_DATA: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The mini-app's build outside Telegram shows a page that links to the bot (tests/e2e/tma-native.browser.test.ts).
  for (const [title, base] of [['web app', '']] as const) {
    it(`${title}: the landing carousel shows demo listings, and a click opens one with its title and price`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}${base}/`);

      const cards = page.locator('.featured a[href*="/posts/"]');
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      const first = cards.first();
      await expect
        .poll(() =>
          first.locator('img').evaluate((img) => {
            // Runs in the page; the test's own types have no DOM.
            const el = img as unknown as { complete: boolean; naturalWidth: number };
            return el.complete && el.naturalWidth > 0;
          }),
        )
        .toBe(true);
      const cardTitle = (await first.locator('.featured__title').textContent()) ?? '';
      expect(cardTitle).not.toBe('');
      expect(await first.textContent()).toContain('₽');

      await first.click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${base}/posts/\\d+$`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(cardTitle);
      await expect.poll(() => page.locator('.post-details__price').textContent()).toMatch(/^\d[\d\u00a0 ]*\u00a0₽$/);
      await expect.poll(() => page.title()).toBe(`${cardTitle} — АвтоРадар`);
      expect(await page.locator('.post-media img').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('an unknown listing shows the API message in Russian with a link home', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/posts/999999999`);
    await expect
      .poll(() => page.getByText('Объявление не найдено или снято с публикации').first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'На главную', exact: true }).isVisible()).toBe(true);
    await page.close();
  });
});
