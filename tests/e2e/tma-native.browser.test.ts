import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { createDb } from '@autoradar/db';
import { startFakeCbr, type FakeCbr } from '../../apps/api/src/modules/rates/testing/fake-cbr';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../apps/api/src/modules/rates/testing/fake-coingecko';
import { launchBrowser } from '../support/browser';
import { repoRoot } from '../support/server';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiToken,
  callApi,
  cutText,
  foreignText,
  animationsDone,
  BACKGROUND,
  hasHorizontalOverflow,
  launchHash,
  screenshotDir,
  signInitData,
  startJourneyServer,
  TOKEN_KEY,
  watchConsole,
  type JourneyServer,
  type TelegramUser,
  saveBrandFilter,
  buyProInSandbox,
} from '../support/session';
import { TELEGRAM_DARK, TELEGRAM_LIGHT, type TelegramTheme } from '../support/telegram-themes';

// The mini-app as Telegram runs it (issue 13): /tma/ opened with launch params signed by the test bot token, and a
// stub of Telegram's web-view bridge. Outgoing calls go to window.TelegramWebviewProxy.postEvent, which records
// them (and answers the requests Telegram answers); incoming events arrive through window.Telegram.WebView
// .receiveEvent, the function Telegram's clients call.

const LIGHT = TELEGRAM_LIGHT;
const DARK = TELEGRAM_DARK;
type Theme = TelegramTheme;

interface BridgeEvent {
  type: string;
  data: Record<string, unknown> | undefined;
}

// The page's globals, named through globalThis: this package has no DOM types.
interface StubGlobals {
  __tg: { events: BridgeEvent[]; theme: Theme; writeAccess: string };
  TelegramWebviewProxy?: { postEvent(type: string, data?: string): void };
  Telegram?: { WebView?: { receiveEvent?(type: string, data?: unknown): void } };
  localStorage: { setItem(key: string, value: string): void };
  setTimeout(cb: () => void, ms: number): void;
  innerWidth: number;
  innerHeight: number;
}

/** Installed before the app's scripts: Telegram's side of the bridge, recording and answering as the clients do. */
function installBridgeStub(options: { theme: Theme; writeAccess: string; token: string | null; tokenKey: string }) {
  const w = globalThis as unknown as StubGlobals;
  if (options.token) w.localStorage.setItem(options.tokenKey, options.token);
  w.__tg = { events: [], theme: options.theme, writeAccess: options.writeAccess };
  const deliver = (type: string, data: unknown) =>
    w.setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type: string, json?: string) {
      w.__tg.events.push({ type, data: json ? (JSON.parse(json) as Record<string, unknown>) : undefined });
      const insets = { top: 0, bottom: 0, left: 0, right: 0 };
      if (type === 'web_app_request_theme') deliver('theme_changed', { theme_params: w.__tg.theme });
      if (type === 'web_app_request_safe_area') deliver('safe_area_changed', insets);
      if (type === 'web_app_request_content_safe_area') deliver('content_safe_area_changed', insets);
      if (type === 'web_app_request_viewport') {
        deliver('viewport_changed', {
          height: w.innerHeight,
          width: w.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      }
      if (type === 'web_app_request_write_access') deliver('write_access_requested', { status: w.__tg.writeAccess });
    },
  };
}

interface Launch {
  theme?: Theme;
  token?: string | null;
  writeAccess?: 'allowed' | 'cancelled';
}

async function telegramContext(browser: Browser, { theme = LIGHT, token = null, writeAccess = 'allowed' }: Launch) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: theme === DARK ? 'dark' : 'light',
  });
  await context.addInitScript(installBridgeStub, { theme, writeAccess, token, tokenKey: TOKEN_KEY });
  return context;
}

const events = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as StubGlobals).__tg.events.map((e) => ({ ...e })));

/** What Telegram's client would show: the back button as the last setup call left it. */
async function backButtonVisible(page: Page): Promise<boolean> {
  const setups = (await events(page)).filter((e) => e.type === 'web_app_setup_back_button');
  return setups.at(-1)?.data?.['is_visible'] === true;
}

async function mainButton(page: Page): Promise<Record<string, unknown> | undefined> {
  return (await events(page)).filter((e) => e.type === 'web_app_setup_main_button').at(-1)?.data;
}

/** An event from Telegram, delivered the way its clients deliver them. */
async function receive(page: Page, type: string, data?: unknown) {
  await page.evaluate(
    ([eventType, eventData]) =>
      (globalThis as unknown as StubGlobals).Telegram!.WebView!.receiveEvent!(eventType, eventData),
    [type, data] as const,
  );
}

/** Latin words the mini-app's own texts may show (product names); the listings' data is left out by its place. */
const LATIN = [
  'PRO',
  'Telegram',
  'WhatsApp',
  'e-mail',
  'E-mail',
  'VIN',
  'ЮKassa',
  'ID',
  'IP-адрес',
  'JPEG',
  'PNG',
  'GIF',
  'WebP',
];
/** Where the screens show data rather than their own words: cards, a listing's text, the dialogs' brand names. */
const DATA = 'select, .app-ticker, article.post-card, .post-details__text, [role="dialog"] label';

/**
 * A 390x844 frame as the phone shows it (not the whole feed), saved under test-results/screenshots; the frame is read
 * for English or unfinished words and for text cut short, as a Russian user would read it.
 */
async function screenshot(page: Page, name: string, data: readonly string[] = []) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  expect(await foreignText(page, { allowed: [...LATIN, ...data], skip: DATA }), name).toEqual([]);
  expect(await cutText(page, DATA), name).toEqual([]);
}

/** A computed style of the first element matching `selector` (evaluated in the page: no DOM types here). */
const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (el, name) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(n: string): string } })
          .getComputedStyle(el)
          .getPropertyValue(name)
          .trim(),
      property,
    );

const path = (page: Page) => new URL(page.url()).pathname;
// The machine the suite runs on is shared and often loaded: polls wait up to 20 s (they return as soon as they pass).
const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 20_000, ...options });
const started = (page: Page) => poll(() => page.locator('.app-overlay-spinner').count(), { timeout: 30_000 }).toBe(0);

function launchUrl(server: { url: string }, user: TelegramUser, opts: { theme?: Theme; startParam?: string } = {}) {
  const extra: Record<string, string> = { tgWebAppThemeParams: JSON.stringify(opts.theme ?? LIGHT) };
  if (opts.startParam) extra['tgWebAppStartParam'] = opts.startParam;
  // Telegram sends start_param in the query too; the same value in both places once broke the launch.
  const query = opts.startParam ? `?tgWebAppStartParam=${encodeURIComponent(opts.startParam)}` : '';
  return `${server.url}/tma/${query}${launchHash(signInitData(user), extra)}`;
}

describe('the mini-app inside Telegram', { timeout: 180_000 }, () => {
  let server: JourneyServer;
  let browser: Browser;
  let postId: number;
  let postTitle: string;
  // The ticker's providers, faked on 127.0.0.1 so the screens show rates rather than the word error.
  let cbr: FakeCbr;
  let crypto: FakeCoinGecko;
  const ratesEnv = () => ({ RATES_CBR_URL: cbr.url, RATES_CRYPTO_URL: crypto.url });

  beforeAll(async () => {
    cbr = await startFakeCbr();
    crypto = await startFakeCoinGecko();
    server = await startJourneyServer(ratesEnv(), 300_000);
    browser = await launchBrowser();
    const feed = await callApi<{ data: { id: number; title: string }[] }>(
      server,
      null,
      'POST',
      '/api/posts/search',
      {},
    );
    postId = feed.data[0]!.id;
    postTitle = feed.data[0]!.title;
  }, 330_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cbr?.close();
    await crypto?.close();
  });

  it('first launch: the info card, one tap to sign in, then the feed; no back button on the way, ready and expanded', async () => {
    const user = { id: 6_300_001, first_name: 'Павел', last_name: 'Орлов', username: 'pavel_orlov' };
    const context = await telegramContext(browser, {});
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(launchUrl(server, user));
    await poll(() => page.getByRole('heading', { name: 'Павел Орлов' }).isVisible()).toBe(true);
    expect(path(page)).toBe('/tma/login');
    await poll(async () => (await events(page)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['web_app_ready', 'web_app_expand']),
    );
    expect((await events(page)).filter((e) => e.type === 'web_app_ready')).toHaveLength(1);
    expect(await backButtonVisible(page)).toBe(false);
    await screenshot(page, 'tma-login-info-390-light');

    await page.getByRole('button', { name: 'Войти' }).click();
    await poll(() => page.getByText('Вы вошли').isVisible()).toBe(true);
    await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
    expect(await backButtonVisible(page)).toBe(false);
    expect((await events(page)).some((e) => e.type === 'web_app_setup_back_button' && e.data?.['is_visible'])).toBe(
      false,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-in card and its failure follow a dark Telegram theme', async () => {
    const user = { id: 6_300_009, first_name: 'Нина', last_name: 'Зуева', username: 'nina_z' };
    const context = await telegramContext(browser, { theme: DARK });
    const page = await context.newPage();
    await page.goto(launchUrl(server, user, { theme: DARK }));
    await poll(() => page.getByRole('heading', { name: 'Нина Зуева' }).isVisible()).toBe(true);
    expect(await styleOf(page, '.app-root', 'background-color')).toBe('rgb(15, 15, 15)');
    await screenshot(page, 'tma-login-info-390-dark');
    await context.close();

    const expired = await telegramContext(browser, { theme: DARK });
    const failed = await expired.newPage();
    const old = signInitData(user, undefined, new Date(Date.now() - 3 * 24 * 3600 * 1000));
    await failed.goto(`${server.url}/tma/${launchHash(old, { tgWebAppThemeParams: JSON.stringify(DARK) })}`);
    await poll(() => failed.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    expect(await styleOf(failed, '.app-root', 'background-color')).toBe('rgb(15, 15, 15)');
    await screenshot(failed, 'tma-login-error-390-dark');
    await expired.close();
  });

  it('a returning user with a stored token goes straight in; a token the server no longer knows re-checks', async () => {
    const user = { id: 6_300_002, first_name: 'Ирина' };
    const token = await apiToken(server, user);
    for (const stored of [token, 'revoked-or-expired-token']) {
      const context = await telegramContext(browser, { token: stored });
      const page = await context.newPage();
      const checks: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/telegram/check')) checks.push(request.url());
      });
      await page.goto(launchUrl(server, user));
      if (stored !== token) await poll(() => checks.length, { timeout: 30_000 }).toBe(1);
      await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
      await started(page);
      await poll(() => page.getByRole('navigation', { name: 'Основные разделы' }).isVisible()).toBe(true);
      expect(checks).toHaveLength(stored === token ? 0 : 1);
      await context.close();
    }
  });

  it('initData the server finds expired shows the error state, and retry checks again', async () => {
    const user = { id: 6_300_003, first_name: 'Олег' };
    const context = await telegramContext(browser, {});
    const page = await context.newPage();
    let checks = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/telegram/check')) checks += 1;
    });
    const old = signInitData(user, undefined, new Date(Date.now() - 3 * 24 * 3600 * 1000));
    await page.goto(`${server.url}/tma/${launchHash(old, { tgWebAppThemeParams: JSON.stringify(LIGHT) })}`);
    const retry = page.getByRole('button', { name: 'Повторить' });
    await poll(() => retry.isVisible()).toBe(true);
    expect((await page.getByRole('alert').innerText()).length).toBeGreaterThan(0);
    expect(checks).toBe(1);
    await screenshot(page, 'tma-login-error-390-light');
    await retry.click();
    await poll(() => checks).toBe(2);
    await poll(() => retry.isVisible()).toBe(true);
    await context.close();
  });

  it('startapp=post_<id> (in the query and the hash) opens that listing, share sends its t.me link, back leads to the feed', async () => {
    const user = { id: 6_300_004, first_name: 'Мария' };
    await apiToken(server, user); // an existing account: the check signs in at once
    const context = await telegramContext(browser, {});
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(launchUrl(server, user, { startParam: `post_${postId}` }));
    await poll(() => path(page), { timeout: 30_000 }).toBe(`/tma/posts/${postId}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(postTitle);
    await poll(() => backButtonVisible(page)).toBe(true);
    // The native back button is the only one: no in-page arrow inside Telegram.
    expect(await page.getByRole('button', { name: 'Назад' }).count()).toBe(0);

    // Share: Telegram's chat picker with the bot's mini-app link that opens this listing.
    await page.getByRole('button', { name: 'Поделиться' }).click();
    const shared = async () => {
      const link = (await events(page)).filter((e) => e.type === 'web_app_open_tg_link').at(-1)?.data?.['path_full'];
      if (typeof link !== 'string') return undefined;
      const { pathname, searchParams } = new URL(link, 'https://t.me');
      return { pathname, url: searchParams.get('url'), text: searchParams.get('text') };
    };
    await poll(shared).toEqual({
      pathname: '/share/url',
      url: `https://t.me/autoradar_test_bot/app?startapp=post_${postId}`,
      text: postTitle,
    });

    await receive(page, 'back_button_pressed');
    await poll(() => path(page)).toBe('/tma/search');
    await poll(() => backButtonVisible(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('other start parameters: pay, new, search and unknown values', async () => {
    const user = { id: 6_300_005, first_name: 'Глеб' };
    const token = await apiToken(server, user);
    for (const [startParam, expected] of [
      ['pay', '/tma/pay'],
      ['new', '/tma/new'],
      ['search', '/tma/search'],
      ['something_else', '/tma/search'],
    ] as const) {
      const context = await telegramContext(browser, { token });
      const page = await context.newPage();
      await page.goto(launchUrl(server, user, { startParam }));
      await poll(() => path(page), { timeout: 30_000 }).toBe(expected);
      await context.close();
    }
  });

  it('startapp=filter_<id> (the link in a notification) opens the feed with that saved filter chosen', async () => {
    const user = { id: 6_300_006, first_name: 'Дарья' };
    const token = await apiToken(server, user);
    const brands = (await callApi<{ data: { id: number; name: string }[] }>(server, null, 'GET', '/api/brands')).data;
    const toyota = brands.find((b) => b.name === 'Toyota')!;
    const saved = { data: await saveBrandFilter(server, token, 'Только Toyota', toyota.id) };
    const context = await telegramContext(browser, { token });
    const page = await context.newPage();
    await page.goto(launchUrl(server, user, { startParam: `filter_${saved.data.id}` }));
    await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
    await poll(() => page.getByRole('button', { name: 'Марка: Toyota' }).count(), { timeout: 30_000 }).toBe(1);
    await poll(() =>
      page.getByRole('combobox', { name: 'Мои фильтры' }).evaluate((select) => (select as { value: string }).value),
    ).toBe(String(saved.data.id));
    await context.close();
  });

  it('a listing opened from the feed: back button shown, back_button_pressed returns, the root tab hides it', async () => {
    const user = { id: 6_300_006, first_name: 'Денис' };
    const context = await telegramContext(browser, { token: await apiToken(server, user) });
    const page = await context.newPage();
    await page.goto(launchUrl(server, user));
    await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
    await started(page);
    const card = page.locator('.app-layout__content a[href*="/posts/"]').first();
    await card.waitFor();
    await card.click();
    await poll(() => path(page)).toMatch(/^\/tma\/posts\/\d+$/);
    await poll(() => backButtonVisible(page)).toBe(true);
    const setup = (await events(page)).filter((e) => e.type === 'web_app_setup_back_button').at(-1);
    expect(setup?.data).toEqual({ is_visible: true });

    await receive(page, 'back_button_pressed');
    await poll(() => path(page)).toBe('/tma/search');
    await poll(() => backButtonVisible(page)).toBe(false);
    await context.close();
  });

  it('the main button orders an inspection; with its dialog open, the back button closes the dialog only', async () => {
    const user = { id: 6_300_007, first_name: 'Вера' };
    const context = await telegramContext(browser, { token: await apiToken(server, user) });
    const page = await context.newPage();
    await page.goto(launchUrl(server, user, { startParam: `post_${postId}` }));
    await poll(() => path(page), { timeout: 30_000 }).toBe(`/tma/posts/${postId}`);
    await started(page);
    // The listing's primary action is Telegram's main button, not a button on the page; it gives way to the dialog.
    await poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: 'Заказать осмотр' });
    expect(await page.getByRole('button', { name: 'Заказать осмотр' }).count()).toBe(0);
    await receive(page, 'main_button_pressed');
    const dialog = page.getByRole('dialog', { name: /Заказать осмотр/ });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => mainButton(page)).toMatchObject({ is_visible: false });

    await receive(page, 'back_button_pressed');
    await poll(() => dialog.count()).toBe(0);
    expect(path(page)).toBe(`/tma/posts/${postId}`);
    expect(await backButtonVisible(page)).toBe(true);

    // On a root tab the back button appears only for the dialog, and goes with it.
    await receive(page, 'back_button_pressed');
    await poll(() => path(page)).toBe('/tma/search');
    await poll(() => backButtonVisible(page)).toBe(false);
    await context.close();
  });

  it('theme_changed to a dark theme switches the page to dark, live', async () => {
    const user = { id: 6_300_008, first_name: 'Лев' };
    const context = await telegramContext(browser, { token: await apiToken(server, user) });
    const page = await context.newPage();
    await page.goto(launchUrl(server, user));
    await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
    await started(page);
    const background = () => styleOf(page, '.app-root', 'background-color');
    expect(await background()).toBe('rgb(239, 239, 244)');

    await receive(page, 'theme_changed', { theme_params: DARK });
    await poll(background).toBe('rgb(15, 15, 15)');
    // telegram-ui's own dark palette follows (text colour of the kit's components).
    await poll(() => styleOf(page, '.app-root', '--tg-theme-text-color')).toBe('#ffffff');
    await screenshot(page, 'tma-search-live-dark-390');
    await context.close();
  });

  describe('with a PRO seller', () => {
    let seller: TelegramUser;
    let token: string;

    beforeAll(async () => {
      seller = { id: 6_300_020, first_name: 'Роман', last_name: 'Белов', username: 'roman_sells' };
      token = await apiToken(server, seller);
      await buyProInSandbox(server, token);
    });

    async function filledDraft(): Promise<number> {
      const draft = (await callApi<{ data: { id: number } }>(server, token, 'GET', '/api/drafts/create')).data;
      const brands = (await callApi<{ data: { id: number; name: string }[] }>(server, null, 'GET', '/api/brands')).data;
      const toyota = brands.find((b) => b.name === 'Toyota')!;
      const models = (
        await callApi<{ data: { id: number; name: string }[] }>(
          server,
          null,
          'GET',
          `/api/models?car_brand_id=${toyota.id}`,
        )
      ).data;
      await callApi(server, token, 'PUT', `/api/drafts/${draft.id}`, {
        brand_id: toyota.id,
        model_id: models.find((m) => m.name === 'Camry')!.id,
        year: 2019,
        mileage: 64_000,
        price: 2_650_000,
        city: 'Самара',
        description: 'Один владелец, сервисная книжка.',
        contacts: [{ type: 'phone', value: '+7 999 765-43-21' }],
      });
      const form = new FormData();
      form.append('draft_id', String(draft.id));
      form.append('file', new Blob([await samplePhoto(640, 480)], { type: 'image/jpeg' }), 'front.jpg');
      const answer = await fetch(`${server.url}/api/drafts/media`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status).toBe(201);
      return draft.id;
    }

    it('the main button publishes the listing on /new; closing is confirmed while the form has unsaved input', async () => {
      await filledDraft();
      const context = await telegramContext(browser, { token });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(launchUrl(server, seller, { startParam: 'new' }));
      await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/new');
      await poll(() => page.getByLabel('Описание').inputValue()).toBe('Один владелец, сервисная книжка.');
      await poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: 'Опубликовать' });
      // The screen's own button gives way to Telegram's.
      expect(await page.getByRole('button', { name: 'Опубликовать' }).count()).toBe(0);

      // Typing leaves input not yet saved: Telegram asks before closing and a swipe does not close the app.
      await page.getByLabel('Описание').fill('Один владелец, сервисная книжка, зимняя резина.');
      await poll(async () => (await events(page)).map((e) => ({ type: e.type, data: e.data }))).toEqual(
        expect.arrayContaining([
          { type: 'web_app_setup_closing_behavior', data: { need_confirmation: true } },
          { type: 'web_app_setup_swipe_behavior', data: { allow_vertical_swipe: false } },
        ]),
      );

      await receive(page, 'main_button_pressed');
      await poll(() => path(page), { timeout: 30_000 }).toMatch(/^\/tma\/posts\/\d+$/);
      await poll(() => page.getByText('Объявление успешно опубликовано').isVisible()).toBe(true);
      // The bridge's events arrive in their own time: each is polled for, never read once.
      await poll(async () => await events(page)).toContainEqual({
        type: 'web_app_trigger_haptic_feedback',
        data: { type: 'notification', notification_type: 'success' },
      });
      // The form's action is gone with the form: the main button is now the listing page's own.
      await poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Заказать осмотр' });
      await poll(
        async () => (await events(page)).filter((e) => e.type === 'web_app_setup_closing_behavior').at(-1)?.data,
      ).toEqual({ need_confirmation: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('screens in a 390x844 frame, light and dark', () => {
    let token: string;
    const user: TelegramUser = { id: 6_300_040, first_name: 'Анна', last_name: 'Кравец', username: 'anna_k' };
    beforeAll(async () => {
      token = await apiToken(server, user);
    });

    // Each screen by its address, as a reload after client-side navigation would open it: the launch params kept
    // from the launch (the hash is gone) still sign in and theme the page.
    const screens = (): [string, string][] => [
      ['search', '/search'],
      ['notes', '/notes'],
      ['new', '/new'],
      ['profile', '/profile'],
      ['pay', '/pay'],
      ['listing', `/posts/${postId}`],
      ['contacts', '/contacts'],
      ['policy', '/policy'],
      ['rules', '/rules'],
      ['payment-success', '/payment/success'],
      ['payment-fail', '/payment/fail'],
      ['not-found', '/no/such/page'],
    ];

    // One journey: each state is reached once (in the dark theme the launch gave, which the kept launch params must
    // bring back on every reload), photographed, switched live to light by Telegram's theme_changed and photographed
    // again. The web view's prefers-color-scheme follows the theme as Telegram's clients set it.
    const background = (page: Page) => styleOf(page, '.app-root', 'background-color');
    async function theme(page: Page, label: 'light' | 'dark') {
      await page.emulateMedia({ colorScheme: label });
      await receive(page, 'theme_changed', { theme_params: label === 'dark' ? DARK : LIGHT });
      await poll(() => background(page)).toBe(BACKGROUND[label]);
      await poll(() => styleOf(page, '.app-root', '--tg-theme-text-color')).toBe(
        label === 'dark' ? '#ffffff' : '#000000',
      );
      await animationsDone(page);
    }
    /** Both pictures of the state on screen: dark first (as launched or reloaded), then light; left dark. */
    async function bothThemes(page: Page, name: (label: string) => string, data: readonly string[] = []) {
      expect(await background(page)).toBe(BACKGROUND.dark);
      await animationsDone(page);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, name('dark'), data);
      await theme(page, 'light');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, name('light'), data);
      await theme(page, 'dark');
    }

    it(
      'every tab and screen, no horizontal scroll, dark and switched live to light',
      { timeout: 400_000 },
      async () => {
        const context = await telegramContext(browser, { token, theme: DARK });
        const page = await context.newPage();
        const errors = watchConsole(page);
        await page.goto(launchUrl(server, user, { theme: DARK }));
        await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
        for (const [name, address] of screens()) {
          await page.goto(`${server.url}/tma${address}`);
          await started(page);
          await page.waitForLoadState('networkidle');
          await bothThemes(page, (label) => `tma-${name}-390-${label}`, [postTitle]);
        }
        // The drawer, whose contents load when it first opens; the native back button closes it.
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        const drawer = page.getByRole('dialog', { name: 'Меню' });
        await poll(() => drawer.getByRole('link', { name: 'Поиск' }).isVisible()).toBe(true);
        // The picture once the panel has slid in (its CSS animation has finished).
        await drawer.evaluate((panel) =>
          Promise.all(
            (panel as unknown as { getAnimations(): { finished: Promise<unknown> }[] })
              .getAnimations()
              .map((animation) => animation.finished),
          ),
        );
        await bothThemes(page, (label) => `tma-drawer-390-${label}`);
        await receive(page, 'back_button_pressed');
        await poll(() => drawer.count()).toBe(0);

        // A filter dialog over the feed, full screen with Telegram's main button under it.
        await page.goto(`${server.url}/tma/search`);
        await started(page);
        await page.getByRole('button', { name: 'Марка', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await poll(() => dialog.getByRole('checkbox').count()).toBeGreaterThan(0);
        await dialog.evaluate((panel) =>
          Promise.all(
            (panel as unknown as { getAnimations(o: { subtree: boolean }): { finished: Promise<unknown> }[] })
              .getAnimations({ subtree: true })
              .map((animation) => animation.finished),
          ),
        );
        await bothThemes(page, (label) => `tma-search-brands-390-${label}`);
        await receive(page, 'back_button_pressed');
        await poll(() => dialog.count()).toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`outside Telegram (${scheme}): the production build links to the bot instead of a half-working app`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${server.url}/tma/`);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('АвтоРадар открывается в Telegram');
      expect(await page.getByRole('link', { name: 'Открыть в Telegram' }).getAttribute('href')).toBe(
        'https://t.me/autoradar_test_bot',
      );
      expect(await page.getByRole('link', { name: 'Перейти на сайт' }).getAttribute('href')).toBe('/');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `tma-outside-telegram-390-${scheme}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // Last: it restarts the server (an e-mail can only be written offline: no sign-in gives one account both).
  it(
    'the main button applies a filter dialog; a write_access_requested answer of cancelled keeps the filter e-mail only',
    { timeout: 600_000 },
    async () => {
      const user = { id: 6_300_060, first_name: 'Юлия', username: 'yulia_filters' };
      const token = await apiToken(server, user);
      await buyProInSandbox(server, token);
      const dataDir = server.dataDir;
      await server.close();
      const offline = await createDb({ dataDir });
      const setEmail = ['update users set email = $1 where telegram_id = $2', ['yulia@example.ru', user.id]] as const;
      if (offline.kind === 'pglite') await offline.client.query(setEmail[0], [...setEmail[1]]);
      else await offline.client.query(setEmail[0], [...setEmail[1]]);
      await offline.close();
      server = await startJourneyServer({ ...ratesEnv(), DATA_DIR: dataDir }, 300_000);

      const context = await telegramContext(browser, { token, writeAccess: 'cancelled' });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const answers: unknown[] = [];
      // What the server stored, as its answer to the app's PUT says (the request body is not visible here).
      page.on('response', (response) => {
        if (response.url().endsWith('/api/user/write-access')) answers.push(response.json());
      });
      await page.goto(launchUrl(server, user));
      await poll(() => path(page), { timeout: 30_000 }).toBe('/tma/search');
      await started(page);

      // A filter dialog: Apply is Telegram's main button, not a button in the dialog.
      await page.getByRole('button', { name: 'Марка', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('searchbox').fill('Toyota');
      await dialog.getByRole('checkbox', { name: 'Toyota', exact: true }).first().check();
      await poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: 'Применить' });
      expect(await dialog.getByRole('button', { name: 'Применить' }).count()).toBe(0);
      await receive(page, 'main_button_pressed');
      await poll(() => dialog.count()).toBe(0);
      await poll(() => page.getByRole('button', { name: 'Марка: Toyota' }).count()).toBe(1);
      await poll(() => mainButton(page)).toMatchObject({ is_visible: false });

      // Saving with Telegram delivery asks for write access first; the refusal leaves e-mail only, and says why.
      await page.getByRole('button', { name: 'Сохранить фильтр' }).click();
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Название' }).fill('Toyota для Юлии');
      expect(await dialog.getByRole('checkbox', { name: 'Telegram' }).isChecked()).toBe(true);
      await poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_active: true, text: 'Сохранить' });
      await receive(page, 'main_button_pressed');
      // An explanation in the hint colour, not an error; Telegram's main button and back button are the only buttons.
      await poll(() => dialog.getByRole('status').textContent()).toBe(
        'Без вашего разрешения бот не может писать вам в Telegram, поэтому уведомления по этому фильтру будут приходить только на e-mail.',
      );
      expect(await dialog.getByRole('alert').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /Отмена|Готово|Сохранить/ }).count()).toBe(0);
      expect((await events(page)).some((e) => e.type === 'web_app_request_write_access')).toBe(true);
      await poll(() => Promise.all(answers)).toEqual([{ allows_write_to_pm: false }]);
      const stored = await callApi<{ data: { name: string; via: string[]; active: boolean }[] }>(
        server,
        token,
        'GET',
        '/api/user/filters',
      );
      expect(stored.data).toEqual([expect.objectContaining({ name: 'Toyota для Юлии', via: ['email'], active: true })]);
      await screenshot(page, 'tma-save-filter-write-access-refused-390-light', ['Toyota']);

      await poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Готово' });
      await receive(page, 'main_button_pressed');
      await poll(() => dialog.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('the mini-app production build', () => {
  // `pnpm build` output, which the API serves at /tma/: the development mock (launch params signed with the public
  // development bot token, DESIGN.md §3) must not ship in it.
  it('carries no trace of the development mock environment', () => {
    const assets = join(repoRoot, 'apps/miniapp/dist/assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = readFileSync(join(assets, name), 'utf8');
      for (const trace of ['DEVELOPMENT-ONLY-autoradar-mock-token', 'autoradar_dev', 'Telegram environment mocked']) {
        expect(text.includes(trace), `${name} contains «${trace}»`).toBe(false);
      }
    }
  });
});
