import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Brand, Model, Partner } from '@autoradar/contract';
import { launchBrowser } from './browser';
import { freePort } from './server';
import {
  apiToken,
  callApi,
  grantAdminOffline,
  screenshotDir,
  signInWeb,
  startJourneyServer,
  type JourneyServer,
  type TelegramUser,
} from './session';

// The admin screens' journeys (issue 16), shared by tests/e2e/admin-*.browser.test.ts: each file has a server (the
// real API on the embedded database with the sandbox report provider) and a browser of its own, so Vitest runs them
// side by side (the screens were one file before, docs/decisions.md "CI time"). The admin is made with the project's
// own command (admin:grant), as README says an operator does it.

export const admin: TelegramUser = {
  id: 7_316_001,
  first_name: 'Ольга',
  last_name: 'Админова',
  username: 'olga_admin',
};
export const plainUser: TelegramUser = { id: 7_316_002, first_name: 'Пётр', last_name: 'Обычный' };
export const VIN = 'XTA21703080123456';

export interface Shared {
  partner?: Partner;
  orderId?: number;
  modelsBrand?: Brand;
  /** A model of that brand with generations, for the picture. */
  modelName?: string;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; dark?: boolean; signedIn?: StorageState } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(options.signedIn ? { storageState: options.signedIn } : {}),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  // The closed test network cannot reach telegram.org; nothing on these screens should need it.
  await context.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
  return context;
}

/** Waits for what a person waits for: the overlay spinner alone stays a second (spec §2). */
export const poll = <T>(read: () => T | Promise<T>): ReturnType<typeof expect.poll<T | Promise<T>>> =>
  expect.poll(read, { timeout: 15_000 });

export const overlayGone = (page: Page) => poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);

/**
 * Signs in once through the Login Widget's callback, as a person does, and keeps the stored token for the other
 * windows (sign-in is limited per minute). The callback's redirect to a signed-in route currently ends on /search
 * (reported to the lead), so it signs in to /search.
 */
export async function signedInState(
  browser: Browser,
  server: JourneyServer,
  user: TelegramUser,
): Promise<StorageState> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInWeb(page, server, user);
  await page.waitForURL((url) => url.pathname === '/search' && url.hash === '');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Opens an address the way a bookmarked one opens: a full load with the stored token. */
export async function open(page: Page, server: JourneyServer, where: string) {
  await page.goto(`${server.url}${where}`);
  await poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(where);
  await overlayGone(page);
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const status = (page: Page) => page.getByTestId('order-status');

/** Only the viewport (a list of a thousand cities is no picture); full pages go through `screenshot`. */
export async function viewportShot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Registers the file's server and browser: the admin (`admin`, granted with admin:grant) and `plainUser` have signed
 * up; `token` is the admin's API token, `adminState` and `plainState` their browsers' stored sign-ins.
 */
export function adminJourney() {
  let server: JourneyServer;
  let browser: Browser;
  let token: string;
  let adminState: StorageState;
  let plainState: StorageState;

  beforeAll(async () => {
    // Its own websocket port (REVERB_PORT), which the server puts in the page's config.
    const wsPort = await freePort();
    const first = await startJourneyServer({ REVERB_PORT: String(wsPort) });
    // The account exists once the person has signed in; then the operator grants the role offline.
    await apiToken(first, admin);
    await apiToken(first, plainUser);
    await first.close();
    grantAdminOffline(first.dataDir, admin.id);
    [server, browser] = await Promise.all([
      // The sandbox takes its time as a real provider does, so the order page is seen changing by its polling.
      startJourneyServer({ DATA_DIR: first.dataDir, REVERB_PORT: String(wsPort), REPORTS_SANDBOX_DELAY: '2' }),
      launchBrowser(),
    ]);
    token = await apiToken(server, admin);
    [adminState, plainState] = await Promise.all([
      signedInState(browser, server, admin),
      signedInState(browser, server, plainUser),
    ]);
    // Two starts of the server (each imports the reference data: about a minute apiece on a machine running other
    // suites) and the offline grant (half a minute): more than the 180 s default allows for hooks.
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get token() {
      return token;
    },
    get adminState() {
      return adminState;
    },
    get plainState() {
      return plainState;
    },
  };
}

/** The models screen's Toyota and its first model with generations (what the models journey picks). */
export async function toyotaModelWithGenerations(server: JourneyServer): Promise<{ brand: Brand; model: Model }> {
  const { data: brands } = await callApi<{ data: Brand[] }>(server, null, 'GET', '/api/brands');
  const toyota = brands.find((brand) => brand.name === 'Toyota')!;
  const { data: models } = await callApi<{ data: Model[] }>(
    server,
    null,
    'GET',
    `/api/models?car_brand_id=${toyota.id}`,
  );
  for (const model of models) {
    const { data } = await callApi<{ data: { name: string }[] }>(
      server,
      null,
      'GET',
      `/api/models/${model.id}/generations`,
    );
    if (data.length > 0) return { brand: toyota, model };
  }
  throw new Error('у Toyota нет модели с поколениями');
}
