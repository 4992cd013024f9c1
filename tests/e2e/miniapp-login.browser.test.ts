import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { startServer, tempDataDir, type RunningServer } from '../support/server';
import { launchHash, signInitData, TEST_BOT_TOKEN, TOKEN_KEY, watchCsp } from '../support/session';

// Sign-in as a person sees it: the mini-app launched by Telegram with real signed initData, and the web app coming
// back from the server with the token in the fragment.

// Evaluated in the page; named through globalThis because this package has no DOM types.
const readToken = (page: Page) =>
  page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key),
    TOKEN_KEY,
  );

describe('sign-in in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let botApi: Awaited<ReturnType<typeof startBotApiEmulator>>;
  beforeAll(async () => {
    // With BOT_TOKEN set the server also starts the bot, which needs a Bot API to talk to.
    botApi = await startBotApiEmulator();
    server = await startServer({
      DATA_DIR: tempDataDir(),
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_USERNAME: 'autoradar_test_bot',
      TELEGRAM_API_URL: botApi.url,
      // Credentials only make /login offer the Yandex button; no test here follows it to Yandex.
      YANDEX_CLIENT_ID: 'test-client',
      YANDEX_CLIENT_SECRET: 'test-secret',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await botApi?.close();
  });

  it('mini-app: a new Telegram user sees the info card, signs in with one tap, and is signed in at once next time', async () => {
    const initData = signInitData({
      id: 5_000_000_001,
      first_name: 'Иван',
      last_name: 'Петров',
      username: 'ivan_petrov',
      photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
    });

    const first = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await first.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const violations = await watchCsp(page);
    await page.goto(`${server.url}/tma/${launchHash(initData)}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Иван Петров' }).isVisible()).toBe(true);
    expect(await page.getByText('@ivan_petrov').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Быстрый вход' }).isVisible()).toBe(true);
    expect(await readToken(page)).toBeNull();

    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByText('Вы вошли').isVisible()).toBe(true);
    const token = await readToken(page);
    expect(token).toBeTruthy();
    const me = await fetch(`${server.url}/api/user/data`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ username: 'ivan_petrov', has_telegram: true });
    // Then the redirect: no query, so the default, search.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/tma/search');
    expect(errors).toEqual([]);
    // The mini-app works under its security headers (plugins/edge-headers.ts): nothing refused.
    expect(violations).toEqual([]);
    await first.close();

    // A fresh launch (no stored token): the account exists, so the check alone signs in.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto(`${server.url}/tma/${launchHash(initData)}`);
    await expect.poll(() => again.getByText('Вы вошли').isVisible()).toBe(true);
    expect(await again.getByRole('button', { name: 'Войти' }).count()).toBe(0);
    expect(await readToken(again)).toBeTruthy();
    await second.close();
  });

  it('mini-app: initData the server rejects shows its message and a retry button', async () => {
    const forged = signInitData({ id: 5_000_000_002, first_name: 'Ольга' }).replace(
      /hash=[0-9a-f]+/,
      `hash=${'0'.repeat(64)}`,
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/tma/${launchHash(forged)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    expect((await page.getByRole('alert').innerText()).length).toBeGreaterThan(0);
    expect(await readToken(page)).toBeNull();
    await context.close();
  });

  it('web: the token the server returns in the fragment is stored and removed from the address bar', async () => {
    const initData = signInitData({ id: 5_000_000_003, first_name: 'Анна', username: 'anna_web' });
    const answer = await fetch(`${server.url}/api/auth/telegram/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ initData }),
    });
    const { token } = (await answer.json()) as { token: string };
    expect(token).toBeTruthy();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/#token=${encodeURIComponent(token)}`);
    await expect.poll(() => readToken(page)).toBe(token);
    // The fragment leaves the address bar, and a signed-in user on / goes on to the feed (spec §2).
    await expect.poll(() => page.url()).toBe(`${server.url}/search`);
    await context.close();
  });

  it('web: /login offers Yandex ID and shows the error the server sends back in the fragment', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login?redirect=%2Fnotes#error=${encodeURIComponent('Вход отменён')}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Быстрый вход' }).isVisible()).toBe(true);
    // The sign-in error is the card's own alert; the widget's fallback (telegram.org is unreachable here) is another.
    expect(await page.locator('.login-card__error').getAttribute('role')).toBe('alert');
    expect(await page.locator('.login-card__error').innerText()).toBe('Вход отменён');
    expect(await page.getByRole('link', { name: 'Войти через Яндекс' }).getAttribute('href')).toBe(
      '/auth/yandex/redirect?redirect=%2Fnotes',
    );
    await context.close();
  });
});
