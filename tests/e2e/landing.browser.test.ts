import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeCbr, type FakeCbr } from '../../apps/api/src/modules/rates/testing/fake-cbr';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../apps/api/src/modules/rates/testing/fake-coingecko';
import { launchBrowser } from '../support/browser';
import { startServer, tempDataDir, type RunningServer } from '../support/server';
import {
  cutText,
  foreignText,
  hasHorizontalOverflow,
  screenshotDir,
  startJourneyServer,
  watchCsp,
} from '../support/session';

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
      const violations = await watchCsp(page);
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.getByRole('heading', { name: 'АвтоРадар' }).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Начать поиск', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.title()).toBe('АвтоРадар');
      expect(await page.locator('html').getAttribute('lang')).toBe('ru');
      for (const href of ['/policy', '/rules', '/contacts']) {
        expect(await page.locator(`a[href$="${href}"]`).count()).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      // The security headers (plugins/edge-headers.ts) let the whole page work: nothing refused.
      expect(violations).toEqual([]);
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

// The screens without the app bar (the landing, /login) and the not-found page as a guest meets them, at a phone's
// and a laptop's size in both themes (and the narrowest phone, 320 px): pictures as test artifacts, read for English, unfinished and cut-short text.
describe('landing, sign-in and not-found screens at 320, 390 and 1280, light and dark', { timeout: 180_000 }, () => {
  let server: Awaited<ReturnType<typeof startJourneyServer>>;
  let browser: Browser;
  // The ticker's providers, faked on 127.0.0.1 so the not-found page's top bar shows rates.
  let cbr: FakeCbr;
  let crypto: FakeCoinGecko;
  beforeAll(async () => {
    cbr = await startFakeCbr();
    crypto = await startFakeCoinGecko();
    // With a bot, as production runs: /login offers the Telegram sign-in.
    server = await startJourneyServer({ RATES_CBR_URL: cbr.url, RATES_CRYPTO_URL: crypto.url });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cbr?.close();
    await crypto?.close();
  });

  /** Product names the screens may show; the landing's demo listings and the ticker are data (left out by place). */
  const LATIN = ['PRO', 'Telegram', 'ID'];
  const DATA = 'select, .app-ticker, .featured';

  async function shot(page: Page, name: string) {
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
    expect(await foreignText(page, { allowed: LATIN, skip: DATA }), name).toEqual([]);
    expect(await cutText(page, DATA), name).toEqual([]);
    expect(await hasHorizontalOverflow(page), name).toBe(false);
  }

  for (const [width, height] of [
    [320, 640],
    [390, 844],
    [1280, 800],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width}, ${theme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
        // The closed test network has no telegram.org: the widget's script fails at once and /login offers the bot.
        await context.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
        const page = await context.newPage();
        const violations = await watchCsp(page);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' && !message.location().url.startsWith('https://telegram.org/')) {
            errors.push(`console: ${message.text()}`);
          }
        });

        await page.goto(`${server.url}/`);
        await expect.poll(() => page.getByRole('link', { name: 'Начать поиск' }).isVisible()).toBe(true);
        // The demo listings' carousel, its first photo drawn (the photos load lazily).
        const photo = page.locator('.featured__photo').first();
        await expect
          .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
          .toBeGreaterThan(0);
        await shot(page, `landing-${width}-${theme}`);

        await page.getByRole('link', { name: 'Начать поиск' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
        await expect.poll(() => page.getByRole('link', { name: 'Войти через бота' }).isVisible()).toBe(true);
        await shot(page, `login-${width}-${theme}`);

        await page.goto(`${server.url}/no/such/page`);
        await expect.poll(() => page.getByRole('link', { name: 'На главную', exact: true }).isVisible()).toBe(true);
        await shot(page, `not-found-${width}-${theme}`);
        expect(errors).toEqual([]);
        expect(violations).toEqual([]);
        await context.close();
      });
    }
  }
});
