import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { formatRate, TICKER_PAIRS } from '@autoradar/core';
import { startFakeCbr, type FakeCbr } from '../../apps/api/src/modules/rates/testing/fake-cbr';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../apps/api/src/modules/rates/testing/fake-coingecko';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  callApi,
  cutText,
  foreignText,
  hasHorizontalOverflow,
  screenshotDir,
  signInWeb,
  startJourneyServer,
  switchScheme,
  TEST_BOT_USERNAME,
  type JourneyServer,
  type TelegramUser,
} from '../support/session';

// The app shell as a person meets it (issue 11): signing in lands in the main layout on /search; the drawer, the
// currency ticker fed by fake rate providers, the guards, and a live user.updated reaching the open page.

const USD = 81.2345;
const EUR = 94.5678;
const CNY = 11.3456;
const BTC = 67_187.33;

interface ShellServer {
  server: JourneyServer;
  cbr: FakeCbr;
  crypto: FakeCoinGecko;
}

async function startShellServer(providers: 'ok' | 'fail'): Promise<ShellServer> {
  const cbr = await startFakeCbr({
    rates: [
      { code: 'USD', nominal: 1, value: String(USD).replace('.', ',') },
      { code: 'EUR', nominal: 1, value: String(EUR).replace('.', ',') },
      { code: 'CNY', nominal: 1, value: String(CNY).replace('.', ',') },
    ],
  });
  const crypto = await startFakeCoinGecko({ price: BTC });
  if (providers === 'fail') {
    cbr.setMode('fail');
    crypto.setMode('fail');
  }
  const server = await startJourneyServer({
    RATES_CBR_URL: cbr.url,
    RATES_CRYPTO_URL: crypto.url,
  });
  return { server, cbr, crypto };
}

/** A browser context on the test server; the server tells the page its websocket port (`__APP_CONFIG__`). */
async function newContext(
  browser: Browser,
  options: { width: number; height: number; dark?: boolean } = { width: 390, height: 844 },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    colorScheme: options.dark ? 'dark' : 'light',
    // Screenshots show the drawer where it stops, not halfway through its slide.
    reducedMotion: 'reduce',
  });
  // The closed test network cannot reach telegram.org; fail the widget script at once rather than after a timeout.
  await context.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
  return context;
}

/**
 * Console errors and uncaught exceptions. The aborted telegram.org script above is the one expected failure (the
 * login page handles it by offering the bot); it is left out by its address.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (message.location().url.startsWith('https://telegram.org/')) return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** Resolves once the page's websocket reports `channel` subscribed (pusher_internal:subscription_succeeded). */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}

/** The shell's own words in Latin letters: product names; the ticker's pairs and the feed's cards are data. */
const TEXT_CHECK = { allowed: ['PRO', 'Telegram', 'ID'], skip: 'select, .app-ticker, article.post-card' };

/**
 * The layout as the screen shows it (the feed below it is the search screen's own picture), read for English,
 * unfinished and cut-short text.
 */
async function viewportScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  expect(await foreignText(page, TEXT_CHECK), name).toEqual([]);
  expect(await cutText(page, TEXT_CHECK.skip), name).toEqual([]);
}

/** Parts of the shell (bars, drawer, floating menu) that reach past the right edge of the viewport. */
function shellOverflow(page: Page): Promise<string[]> {
  // Evaluated in the page; typed by hand because this package has no DOM types.
  interface Box {
    tagName: string;
    className: unknown;
    getBoundingClientRect(): { right: number };
  }
  return page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { documentElement: { clientWidth: number }; querySelectorAll(s: string): ArrayLike<Box> };
      }
    ).document;
    const width = doc.documentElement.clientWidth;
    const parts = doc.querySelectorAll('.app-top-bar *, .app-bottom-nav *, .app-drawer__panel *, .app-floating-menu *');
    return Array.from(parts)
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
  });
}

/** Polls like expect.poll, with room for a loaded machine (the overlay alone stays a second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

const overlayGone = (page: Page) => poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
const menuButton = (page: Page) => page.getByRole('button', { name: 'Открыть меню' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Меню' });
const tickerList = (page: Page) => page.getByRole('list', { name: 'Курсы валют' }).getByRole('listitem');

let userSeq = 0;
function newUser(): TelegramUser {
  userSeq += 1;
  return { id: 7_100_000 + userSeq * 17 + Math.floor(Math.random() * 1000), first_name: 'Анна', last_name: 'Смирнова' };
}

describe('the app shell in a real browser', () => {
  let shell: ShellServer;
  let browser: Browser;

  beforeAll(async () => {
    [shell, browser] = await Promise.all([startShellServer('ok'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shell?.server.close();
    await shell?.cbr.close();
    await shell?.crypto.close();
  });

  it('signing in lands on /search inside the layout; the drawer has the menu without admin items; the ticker shows the four pairs', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWeb(page, shell.server, newUser());
    await poll(() => new URL(page.url()).pathname).toBe('/search');
    await overlayGone(page);
    await poll(() => menuButton(page).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'АвтоРадар — на главную' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('navigation', { name: 'Основные разделы' }).isVisible()).toBe(true);

    // The ticker: all four pairs with two decimals, read by a screen reader as one list.
    const expected = [USD, EUR, CNY, BTC].map((value, i) => `${TICKER_PAIRS[i]} ${formatRate(value)}`);
    await poll(() => tickerList(page).allTextContents()).toEqual(expected);

    await menuButton(page).click();
    await poll(() => drawer(page).isVisible()).toBe(true);
    const items = await drawer(page).locator('a, button').allInnerTexts();
    const labels = items.map((text) => text.trim()).filter(Boolean);
    expect(labels).toEqual(
      expect.arrayContaining(['Поиск', 'Добавить объявление', 'Услуги и цены', 'Контакты', 'Поддержка']),
    );
    for (const adminOnly of ['Партнеры', 'Марки', 'Модели', 'Города', 'Источники'])
      expect(labels).not.toContain(adminOnly);
    expect(labels).not.toContain('Избранное'); // no favourites yet: the item shows from the first one
    expect(await drawer(page).getByText(`© ${new Date().getFullYear()} АвтоРадар`).isVisible()).toBe(true);
    expect(await drawer(page).getByText('Анна Смирнова').isVisible()).toBe(true);

    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press('Escape');
    await poll(() => drawer(page).count()).toBe(0);
    const toggleHasFocus = (button: unknown) =>
      button === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;
    expect(await menuButton(page).evaluate(toggleHasFocus)).toBe(true);

    // Support opens its dialog from the drawer.
    await menuButton(page).click();
    await drawer(page).getByRole('button', { name: 'Поддержка' }).click();
    await poll(() => page.getByRole('dialog', { name: /Поддержка/ }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the ticker moves to the next pair every 5 seconds', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install();
    await page.goto(`${shell.server.url}/pay`); // open to everyone, inside the layout
    const visible = page.locator('[data-testid="app-ticker"] [data-active="true"]');
    await poll(() => visible.innerText()).toBe(`USD/RUB ${formatRate(USD)}`);
    const seen: string[] = [];
    for (let i = 0; i < TICKER_PAIRS.length; i++) {
      seen.push(await visible.innerText());
      await page.clock.fastForward(5000);
    }
    expect(seen).toEqual([USD, EUR, CNY, BTC].map((value, i) => `${TICKER_PAIRS[i]} ${formatRate(value)}`));
    expect(await visible.innerText()).toBe(`USD/RUB ${formatRate(USD)}`); // and round again
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest opening /profile lands on /login with the path to come back to', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shell.server.url}/profile`);
    await poll(() => page.url()).toBe(`${shell.server.url}/login?redirect=%2Fprofile`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the login page has no app bar, offers the bot when the widget cannot load, and shows why a sign-in failed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shell.server.url}/login?redirect=%2Fprofile`);
    // No app bar on /login (spec §2).
    expect(await menuButton(page).count()).toBe(0);
    await expect
      .poll(() => page.getByText('Не удалось загрузить кнопку входа через Telegram', { exact: false }).isVisible())
      .toBe(true);
    const bot = page.getByRole('link', { name: 'Войти через бота' });
    expect(await bot.getAttribute('href')).toBe(`https://t.me/${TEST_BOT_USERNAME}`);
    // Without Yandex ID credentials the server does not offer it, and neither does the page.
    expect(await page.getByText('Войти через Яндекс').count()).toBe(0);
    await viewportScreenshot(page, 'shell-login-widget-blocked-390-light');

    // A sign-in that failed on the server comes back with its reason.
    await page.goto(`${shell.server.url}/login#error=${encodeURIComponent('Вход через Яндекс не настроен')}`);
    await poll(() => page.getByRole('alert').first().innerText()).toContain('Вход через Яндекс не настроен');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in user who opens / goes to search; from the brand link the landing shows who is signed in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWeb(page, shell.server, newUser());
    await page.goto(`${shell.server.url}/`);
    await poll(() => new URL(page.url()).pathname).toBe('/search');
    await overlayGone(page);
    await page.getByRole('link', { name: 'АвтоРадар — на главную' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/');
    await poll(() => page.getByText('Вы вошли как').isVisible()).toBe(true);
    expect(await page.getByText('Анна Смирнова').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Перейти к поиску' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Войти' }).count()).toBe(0);

    // Admin pages turn a plain user away, at the address asked for, with the way to the feed.
    await page.goto(`${shell.server.url}/partners`);
    await poll(() => page.getByRole('heading', { name: 'Недостаточно прав' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/partners');
    expect(await page.getByRole('link', { name: 'Перейти к поиску' }).getAttribute('href')).toBe('/search');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user.updated from the server (the test period started elsewhere) reaches the open page without a reload', async () => {
    const user = newUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const token = await apiToken(shell.server, user);
    const me = await callApi<{ id: number }>(shell.server, token, 'GET', '/api/user/data');
    const ready = subscribed(page, `private-user.${me.id}`);
    await signInWeb(page, shell.server, user);
    await overlayGone(page);
    await ready;
    await menuButton(page).click();
    expect(await drawer(page).getByTestId('app-pro-mark').count()).toBe(0);

    // The same account starts its test period from another device (its own token).
    await callApi(shell.server, token, 'POST', '/api/test-period');
    await poll(() => drawer(page).getByTestId('app-pro-mark').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 390x844 and 1280x800, light and dark, with the drawer closed and open; nothing overflows at 320 px', async () => {
    const user = newUser();
    // One sign-in per width: the layout and the open drawer each photographed light, then dark (switched live).
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.clock.install(); // the ticker stays on its first pair for the picture
      await signInWeb(page, shell.server, user);
      await overlayGone(page);
      await poll(() => tickerList(page).first().innerText()).toContain(formatRate(USD));
      const bothThemes = async (name: string) => {
        for (const theme of ['light', 'dark'] as const) {
          await switchScheme(page, theme);
          await viewportScreenshot(page, `${name}-${width}-${theme}`);
        }
        await switchScheme(page, 'light');
      };
      await bothThemes('shell-layout');
      await menuButton(page).click();
      await poll(() => drawer(page).isVisible()).toBe(true);
      await bothThemes('shell-layout-drawer');
      expect(errors).toEqual([]);
      await context.close();
    }

    const context = await newContext(browser, { width: 320, height: 640 });
    const page = await context.newPage();
    await signInWeb(page, shell.server, user);
    await overlayGone(page);
    // On /search the shell's own parts are checked: the screen inside is the search feature's.
    expect(await shellOverflow(page)).toEqual([]);
    await menuButton(page).click();
    await poll(() => drawer(page).isVisible()).toBe(true);
    expect(await shellOverflow(page)).toEqual([]);
    await page.goto(`${shell.server.url}/pay`);
    await overlayGone(page);
    expect(await shellOverflow(page)).toEqual([]);
    await context.close();

    // The landing, as a guest sees it (a signed-in user opening / goes to search).
    const guest = await newContext(browser, { width: 320, height: 640 });
    const landing = await guest.newPage();
    await landing.goto(`${shell.server.url}/`);
    await landing.getByRole('link', { name: 'Начать поиск' }).waitFor();
    expect(await hasHorizontalOverflow(landing)).toBe(false);
    await guest.close();
  }, 240_000); // eight screenshots and a 320 px pass: more than the default minute on a busy CI machine

  it('the floating menu on a wide screen remembers that it was open', async () => {
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${shell.server.url}/pay`);
    const quick = page.getByRole('navigation', { name: 'Быстрое меню' });
    expect(await quick.count()).toBe(0);
    await page.getByRole('button', { name: 'Открыть быстрое меню' }).click();
    await poll(() => quick.isVisible()).toBe(true);
    await page.reload();
    await poll(() => quick.isVisible()).toBe(true);
    expect(await quick.getByRole('link').allInnerTexts()).toEqual(['Поиск', 'Избранное', 'Продать', 'Профиль']);
    await context.close();
  });

  it('when both rate providers fail from the start, every ticker value reads error', async () => {
    const failing = await startShellServer('fail');
    try {
      const context = await newContext(browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${failing.server.url}/pay`);
      await poll(() => tickerList(page).allTextContents()).toEqual(TICKER_PAIRS.map((pair) => `${pair} error`));
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await failing.server.close();
      await failing.cbr.close();
      await failing.crypto.close();
    }
    // This test starts a server of its own (the suite's other server is up already): allow it the start-up time a
    // hook has.
  }, 180_000);
});
