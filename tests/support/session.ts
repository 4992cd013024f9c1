import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { EMPTY_FILTER_CRITERIA } from '@autoradar/core';
import { signInitData as signFields, signWidget } from '@autoradar/api/testing/telegram-signatures';
import { createDb, type DbHandle } from '@autoradar/db';
import { testDatabaseUrl } from '@autoradar/db/testing/test-db';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { demoDataCopy } from './demo-data';
import { repoRoot, startServer, tempDataDir, type RunningServer } from './server';

// Shared pieces of the browser journeys: a server with a bot token (so sign-in is real), users signed in the way
// Telegram signs them (initData for the mini-app, the Login Widget hash for the web), the admin command, and
// screenshots written as test artifacts.

export const TEST_BOT_TOKEN = '123456789:TEST-browser-journeys-bot-token';
export const TEST_BOT_USERNAME = 'autoradar_test_bot';
export const TOKEN_KEY = 'autoradar:token';

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

/** initData as Telegram signs it for this user (the API's tests' signInitData, apps/api/src/testing/telegram-signatures). */
export function signInitData(user: TelegramUser, botToken = TEST_BOT_TOKEN, authDate = new Date()): string {
  const fields: Record<string, string> = {
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    signature: 'test-signature',
    user: JSON.stringify(user),
  };
  return signFields(fields, botToken);
}

/** The hash Telegram opens the mini-app with (the SDK reads the launch params from it). */
export function launchHash(initData: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: '{}',
    ...extra,
  });
  return `#${params.toString()}`;
}

/** The Login Widget's callback query for this user, signed as Telegram signs it. */
export function signWidgetLogin(user: TelegramUser, botToken = TEST_BOT_TOKEN, authDate = new Date()): string {
  const fields: Record<string, string> = { auth_date: String(Math.floor(authDate.getTime() / 1000)) };
  for (const [key, value] of Object.entries(user)) if (value !== undefined) fields[key] = String(value);
  return signWidget(fields, botToken);
}

export interface JourneyServer extends RunningServer {
  dataDir: string;
  botApi: Awaited<ReturnType<typeof startBotApiEmulator>>;
  /** Stops the server and the Bot API emulator. */
  close(): Promise<void>;
}

/**
 * The product as README's start command runs it (embedded PGlite, demo listings), with a bot token so the
 * Telegram sign-in paths are real; the bot talks to the project's Bot API emulator.
 */
export async function startJourneyServer(
  env: Record<string, string> = {},
  /** How long to wait for the server's start line; a loaded machine needs more than the default. */
  timeoutMs?: number,
): Promise<JourneyServer> {
  const botApi = await startBotApiEmulator();
  // The embedded database with demo listings (no DATABASE_URL, DEMO_DATA not off) starts from a copy of this run's
  // seeded snapshot (tests/support/demo-data.ts) instead of seeding its own.
  const embeddedDemo = !env['DATA_DIR'] && !env['DATABASE_URL'] && env['DEMO_DATA'] !== 'false';
  const dataDir =
    env['DATA_DIR'] ??
    (embeddedDemo ? await demoDataCopy((dir) => seedDemoDataDir(dir, botApi.url)) : undefined) ??
    tempDataDir();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_USERNAME: TEST_BOT_USERNAME,
      TELEGRAM_API_URL: botApi.url,
      ...env,
    },
    timeoutMs,
  );
  return {
    ...server,
    dataDir,
    botApi,
    close: async () => {
      await server.stop();
      await botApi.close();
    },
  };
}

/** Starts the product on `dataDir` until it is up (migrated, reference data and demo listings written), then stops it. */
async function seedDemoDataDir(dataDir: string, botApiUrl: string): Promise<void> {
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_USERNAME: TEST_BOT_USERNAME,
      TELEGRAM_API_URL: botApiUrl,
    },
    // Once per run, and the other journeys wait for it: the most a loaded machine was seen to take (the default
    // 120 s is what a copied folder's start needs).
    300_000,
  );
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server stopped with ${code}:\n${server.output()}`);
}

/**
 * A journey server (demo listings) on a PostgreSQL database of its own, and a connection to that database, for what a
 * test must write beside the product (a report's rows, a price edit as ingestion makes it). `close()` stops the server
 * and drops the database.
 */
export async function startJourneyOnOwnPostgres(
  timeoutMs = 240_000,
): Promise<{ server: JourneyServer; db: DbHandle; close(): Promise<void> }> {
  const admin = async (statement: string) => {
    const handle = await createDb({ databaseUrl: testDatabaseUrl, dataDir: os.tmpdir() });
    try {
      await handle.db.execute(statement);
    } finally {
      await handle.close();
    }
  };
  const dbName = `ar_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${dbName}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${dbName}`;
  const server = await startJourneyServer(
    { DATABASE_URL: url.toString(), DEMO_DATA: 'true', APP_NAME: 'АвтоРадар' },
    timeoutMs,
  );
  const db = await createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  return {
    server,
    db,
    async close() {
      await server.close();
      await db.close();
      await admin(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    },
  };
}

/** Signs a Telegram user in through the API (creating the account) and returns the bearer token. */
export async function apiToken(server: { url: string }, user: TelegramUser): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/telegram/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ initData: signInitData(user) }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** A JSON call to the API as a user would make it; throws on a non-2xx answer with its body. */
export async function callApi<T = unknown>(
  server: { url: string },
  token: string | null,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${server.url}${apiPath}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${apiPath}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Makes the user PRO the way the /pay page does: the YooKassa order, then the sandbox checkout's «succeed», which
 * redirects back (302) once the payment is recorded. Throws when the checkout does not answer so.
 */
export async function buyProInSandbox(server: { url: string }, token: string): Promise<void> {
  const { url } = await callApi<{ url: string }>(server, token, 'POST', '/api/payment/yookassa/pay', {
    pro: true,
    sum: 1000,
  });
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=succeed',
    redirect: 'manual',
  });
  if (paid.status !== 302) throw new Error(`the sandbox checkout answered ${paid.status}, not 302`);
}

/** Saves a paused filter on one brand through the API (POST /api/user/filters), as the save-filter dialog would. */
export async function saveBrandFilter(
  server: { url: string },
  token: string,
  name: string,
  brandId: number,
): Promise<{ id: number }> {
  const saved = await callApi<{ data: { id: number } }>(server, token, 'POST', '/api/user/filters', {
    ...EMPTY_FILTER_CRITERIA,
    name,
    brands: [brandId],
    active: false,
    send_mode: 'immediately',
    worktime_settings: null,
    via: ['telegram'],
  });
  return saved.data;
}

/**
 * Signs in on the web the way the Login Widget does: the browser opens the widget callback with a signed query and
 * comes back with the token in the fragment, which the app stores. Resolves once the token is stored.
 */
export async function signInWeb(page: Page, server: { url: string }, user: TelegramUser, redirect = '/search') {
  const query = `${signWidgetLogin(user)}&redirect=${encodeURIComponent(redirect)}`;
  await page.goto(`${server.url}/auth/telegram/callback?${query}`);
  await page.waitForFunction(
    (key) =>
      Boolean(
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key),
      ),
    TOKEN_KEY,
  );
}

/**
 * Makes a user an admin with the project's own command (`admin:grant`). The embedded database is held by the
 * running server, so the server must be stopped first; start it again on the same DATA_DIR afterwards.
 */
export function grantAdminOffline(dataDir: string, telegramId: number): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-grant.ts', String(telegramId)], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`admin:grant failed: ${run.stdout}${run.stderr}`);
}

/**
 * Content-Security-Policy violations the page meets (a script, frame, image or connection the policy refused), as
 * the page itself reports them: every `securitypolicyviolation` event, from before the first script runs.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    const page = globalThis as unknown as {
      __reportCspViolation: (text: string) => void;
      addEventListener(type: string, listener: (event: unknown) => void): void;
    };
    page.addEventListener('securitypolicyviolation', (event) => {
      const report = page.__reportCspViolation;
      const e = event as { violatedDirective: string; blockedURI: string; sourceFile: string };
      report(`${e.violatedDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Collects what a user would call broken: uncaught errors and console errors. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');

/** Saves a full-page screenshot as a test artifact: test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** True when the page is wider than the viewport (a horizontal scroll bar at 320 px is a layout bug). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth > root.clientWidth + 1;
  });
}

/** A select's options are data; the top bar's ticker shows currency codes and spec §8's word error. */
const DATA_ELEMENTS = 'select, .app-ticker';

/** What a screen's texts are checked against: Latin words it may show, and parts of the page that are data. */
export interface TextCheck {
  /** Latin words the screen may show: product names (PRO, Telegram) and the data on it (a listing's brand). */
  allowed?: Iterable<string>;
  /** Elements whose text is data, as a CSS selector; by default a select's options and the ticker. */
  skip?: string;
}

/**
 * Visible text a Russian user should not meet: Latin words outside `allowed` (web addresses, e-mail addresses and
 * @names are data and left out) and leftovers of unfinished code (undefined, NaN, [object Object], lorem ipsum,
 * TODO), in the page's text and its fields' placeholders. Returns each offending text once.
 */
export async function foreignText(page: Page, check: TextCheck = {}): Promise<string[]> {
  const allowed = [...(check.allowed ?? [])].flatMap((text) => text.match(/[\p{L}\d_-]+/gu) ?? []);
  const skip = check.skip ?? DATA_ELEMENTS;
  return page.evaluate(`(() => {
    const allowed = new Set(${JSON.stringify(allowed)});
    const skip = ${JSON.stringify(skip)};
    const found = [];
    const read = (text) => {
      if (/\\bundefined\\b|\\bNaN\\b|\\[object|lorem|ipsum|\\bTODO\\b|\\{\\{/.test(text)) found.push(text);
      const plain = text.replace(/https?:\\/\\/\\S+|\\S+@\\S+|@\\w+|\\b[\\w.-]+\\.(?:ru|com|me|test|org)\\b\\S*/g, ' ');
      for (const word of plain.match(/[\\p{L}\\d_-]*[A-Za-z]{2,}[\\p{L}\\d_-]*/gu) ?? []) {
        if (!allowed.has(word)) found.push(text);
      }
    };
    // An element's own text, its text nodes joined: React writes '@{name}' as two nodes.
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest(skip) || !element.checkVisibility()) continue;
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
      const text = own.map((node) => node.textContent).join('').trim();
      if (text) read(text);
    }
    for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (field.checkVisibility() && !field.closest(skip)) read(field.placeholder);
    }
    return [...new Set(found)];
  })()`);
}

/**
 * Visible texts the browser cut short with an ellipsis (a label too long for its button, a clipped heading), and
 * placeholders of empty fields that do not fit their field: the browser cuts those without a trace in the DOM, so the
 * placeholder is typed in as the value for a moment and measured.
 */
export async function cutText(page: Page, skip = DATA_ELEMENTS, within = 'body'): Promise<string[]> {
  return page.evaluate(`(() => {
    const skip = ${JSON.stringify(skip)};
    const zones = [...document.querySelectorAll(${JSON.stringify(within)})];
    const all = (selector) => zones.flatMap((zone) => [zone, ...zone.querySelectorAll(selector)].filter((e) => e.matches(selector)));
    const cut = [];
    const textFields = 'input[placeholder]:is(:not([type]), [type=text], [type=search], [type=email], [type=tel], [type=url])';
    for (const field of all(textFields)) {
      if (field.value || !field.placeholder || field.closest(skip) || !field.checkVisibility()) continue;
      field.value = field.placeholder;
      if (field.scrollWidth > field.clientWidth + 1) cut.push(field.placeholder);
      field.value = '';
    }
    for (const element of all('*')) {
      if (getComputedStyle(element).textOverflow !== 'ellipsis' || element.closest(skip)) continue;
      if (!element.checkVisibility() || !element.textContent.trim()) continue;
      if (element.scrollWidth > element.clientWidth + 1) cut.push(element.textContent.trim());
    }
    return [...new Set(cut)];
  })()`);
}

/** The shell's background in telegram-ui's palettes (its secondary background): how a test tells the theme shown. */
export const BACKGROUND = { light: 'rgb(239, 239, 244)', dark: 'rgb(15, 15, 15)' } as const;

/** The computed background of the app's root (`.app-root`). */
export const rootBackground = (page: Page) =>
  page
    .locator('.app-root')
    .first()
    .evaluate(
      (el) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el)
          .backgroundColor,
    );

/**
 * Waits until every finite animation and transition in the page has ended (a colour fading to the new theme, a panel
 * sliding in); endless ones (spinners) are left out, as they never end. No animation frame is awaited: a page on
 * Playwright's paused clock draws none.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    .map((a) => a.finished.catch(() => undefined)))
    .then(() => undefined)`);
}

/**
 * The web app's look switched live, as a user's system switches it: prefers-color-scheme emulated, then waited for
 * until the shell's background is the theme's (telegram-ui's AppRoot follows the media query) and its transitions
 * have ended, so the next picture is all in the new theme.
 */
export async function switchScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => rootBackground(page), { timeout: 20_000 }).toBe(BACKGROUND[scheme]);
  await animationsDone(page);
}

/**
 * `shoot` run in the theme the page shows now and then, switched live, in the other: each state costs one switch, and
 * the next state starts in the theme this one ended in.
 */
export async function inBothSchemes(page: Page, shoot: (scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  const first = (await rootBackground(page)) === BACKGROUND.dark ? 'dark' : 'light';
  await switchScheme(page, first);
  await shoot(first);
  await switchScheme(page, first === 'dark' ? 'light' : 'dark');
  await shoot(first === 'dark' ? 'light' : 'dark');
}

/** A returning user's browser: the token an earlier visit stored, put back before each page's scripts unless one is there. */
export async function keepStoredToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      const storage = (
        globalThis as unknown as {
          localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
        }
      ).localStorage;
      if (!storage.getItem(key)) storage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
}
