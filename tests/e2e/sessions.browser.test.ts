import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  screenshot,
  signInitData,
  signWidgetLogin,
  signInWeb,
  startJourneyServer,
  switchScheme,
  TOKEN_KEY,
  type JourneyServer,
  type TelegramUser,
} from '../support/session';

// Issue 31 as a person meets it on the web build: signing out lands on the landing page, signing out on all devices
// ends the other window's session (its next call is a 401 that signs it out cleanly), and nothing secret this
// journey sent (tokens, initData, the widget's hash, e-mail, phone) is in any line the API logged.

const person: TelegramUser = { id: 7_331_001, first_name: 'Анна', last_name: 'Выходова', username: 'anna_out' };
const EMAIL = 'anna.secret@example.org';
const PHONE = '+7 916 555-12-34';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const storedToken = (page: Page) =>
  page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key),
    TOKEN_KEY,
  );
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('sessions and logs in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  /** Every secret the journey sent or received: none may be in the API's output. */
  const secrets = new Set<string>([EMAIL, PHONE]);

  beforeAll(async () => {
    // info: every request is logged, as a production instance does.
    server = await startJourneyServer({ LOG_LEVEL: 'info' }, 300_000);
    browser = await launchBrowser();
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function context(width = 1280): Promise<BrowserContext> {
    const ctx = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await ctx.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
    return ctx;
  }

  async function signedIn(ctx: BrowserContext): Promise<Page> {
    const page = await ctx.newPage();
    const query = signWidgetLogin(person);
    secrets.add(new URLSearchParams(query).get('hash')!);
    await signInWeb(page, server, person);
    secrets.add((await storedToken(page))!);
    return page;
  }

  const openProfile = async (page: Page) => {
    await page.goto(`${server.url}/profile`);
    await poll(() => page.getByRole('button', { name: 'Выйти', exact: true }).isVisible()).toBe(true);
  };

  it('«Выйти» lands on the landing page (/), signed out', async () => {
    const ctx = await context();
    const page = await signedIn(ctx);
    await openProfile(page);
    await page.getByRole('button', { name: 'Выйти', exact: true }).click();
    await poll(() => pathOf(page)).toBe('/');
    await poll(() => storedToken(page)).toBeNull();
    await poll(() => page.getByText('Начать поиск', { exact: true }).first().isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/');
    await ctx.close();
  }, 180_000);

  it('«Выйти на всех устройствах» lands on /, and the other window is signed out cleanly at its next call', async () => {
    const laptop = await context();
    const phone = await context(390);
    const here = await signedIn(laptop);
    const there = await signedIn(phone);
    await openProfile(here);
    await openProfile(there);

    await here.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
    await here.getByRole('button', { name: 'Да, выйти везде' }).click();
    await poll(() => pathOf(here)).toBe('/');
    await poll(() => storedToken(here)).toBeNull();

    // The other window still holds its token; its next call answers 401 and signs it out: the sign-in page, no token.
    await there.reload();
    await poll(() => pathOf(there)).toBe('/login');
    expect(new URL(there.url()).searchParams.get('redirect')).toBe('/profile');
    await poll(() => storedToken(there)).toBeNull();
    await laptop.close();
    await phone.close();
  }, 180_000);

  it('screenshots of the sessions control at 390 and 1280, light and dark', async () => {
    // One sign-in per width: the open control photographed light, then dark (switched live).
    for (const width of [390, 1280]) {
      const ctx = await context(width);
      const page = await signedIn(ctx);
      await openProfile(page);
      await page.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
      await poll(() => page.getByRole('button', { name: 'Да, выйти везде' }).isVisible()).toBe(true);
      for (const theme of ['light', 'dark'] as const) {
        await switchScheme(page, theme);
        await screenshot(page, `sessions-control-${width}-${theme}`);
      }
      await ctx.close();
    }
  }, 300_000);

  it('no token, initData, hash, e-mail or phone the journey and some bad requests sent is in the API log', async () => {
    const initData = signInitData(person);
    secrets.add(initData);
    secrets.add(new URLSearchParams(initData).get('hash')!);
    secrets.add(await apiToken(server, person));
    const send = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    // A forged initData, a forged widget return, a made-up bearer token, a support request with contacts.
    const forged = initData.replace(/hash=[0-9a-f]+/, `hash=${'ab'.repeat(32)}`);
    secrets.add('ab'.repeat(32));
    expect((await send('/api/auth/telegram/login', json({ initData: forged }))).status).toBe(401);
    const badWidget = `${signWidgetLogin({ ...person, first_name: 'Подделка' }).replace(/hash=[0-9a-f]+/, `hash=${'cd'.repeat(32)}`)}`;
    secrets.add('cd'.repeat(32));
    await send(`/auth/telegram/callback?${badWidget}`, { redirect: 'manual' });
    const madeUp = 'made-up-token-0123456789abcdef0123456789abcdef';
    secrets.add(madeUp);
    expect((await send('/api/user/data', { headers: { authorization: `Bearer ${madeUp}` } })).status).toBe(401);
    const support = await send(
      '/api/support',
      json({ message: `Пишите на ${EMAIL}`, contacts: `${PHONE}, ${EMAIL}`, ticket: '281126-321', url: '/' }),
    );
    expect(support.status).toBe(200);
    // A client error from a page whose address still held its token, with an e-mail in the message.
    const report = await send(
      '/api/client-errors',
      json({ message: `Cannot read ${EMAIL}`, url: `${server.url}/search#token=${madeUp}`, stack: `at ${PHONE}` }),
    );
    expect(report.status).toBe(204);

    await server.stop();
    const log = server.output();
    const leaks = [...secrets].filter((secret) => log.includes(secret) || log.includes(encodeURIComponent(secret)));
    expect(leaks).toEqual([]);
    // The client error is logged, with the request id, its address masked.
    const line = log.split('\n').find((l) => l.includes('"client error"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      requestId: expect.any(String) as string,
      clientError: { url: `${server.url}/search#token=[Redacted]` },
    });
  }, 180_000);
});
