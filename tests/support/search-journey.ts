import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { startFakeCbr, type FakeCbr } from '../../apps/api/src/modules/rates/testing/fake-cbr';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../apps/api/src/modules/rates/testing/fake-coingecko';
import { launchBrowser } from './browser';
import { freePort } from './server';
import {
  apiToken,
  callApi,
  cutText,
  foreignText,
  grantAdminOffline,
  screenshotDir,
  signInWeb,
  startJourneyServer,
  type JourneyServer,
  type TelegramUser,
  saveBrandFilter,
  inBothSchemes,
} from './session';

// The search screen's journeys (issue 11), shared by tests/e2e/search-*.browser.test.ts: each file is one part of the
// screen as a new user tries it, on the demo listings the embedded start seeds, with a server and a browser of its
// own (Vitest runs two files at a time; the screen was one five-minute file before, docs/decisions.md "CI time").

export interface Post {
  id: number;
  title: string;
  mark: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  location: string | null;
  brand_id: number | null;
  model_id: number | null;
  city_id: number | null;
  mediaFiles: { type: string; url?: string }[];
}

export const ANNA: TelegramUser = { id: 71_001, first_name: 'Анна', username: 'anna_search' };
export const BORIS: TelegramUser = { id: 71_002, first_name: 'Борис', username: 'boris_seller' };
export const ADMIN: TelegramUser = { id: 71_003, first_name: 'Ольга', username: 'olga_admin' };

export const EMBED_HOSTS = ['https://telegram.org/', 'https://vk.com/'];

/**
 * Console errors and uncaught exceptions; the embeds' scripts aborted above are the expected failures, left out by
 * their address.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    if (EMBED_HOSTS.some((host) => source.startsWith(host))) return;
    errors.push(`console: ${message.text()} (${source})`);
  });
  return errors;
}

/** expect.poll with room for a first load on a busy machine (vitest's default is one second). */
export const poll = <T>(
  read: () => T | Promise<T>,
  options: { timeout?: number } = {},
): ReturnType<typeof expect.poll<T | Promise<T>>> =>
  expect.poll(read, { timeout: options.timeout ?? 30_000, interval: 100 });

/**
 * Registers the file's server (demo listings, faked rate providers, its own websocket port) and browser, and returns
 * the screen's helpers. `admin`: an admin (ADMIN) is granted with the project's command and signed in (`adminToken`).
 * `target`: the listing the journeys filter by, whose brand and model the screen's texts may show.
 */
export function searchJourney(options: { admin?: boolean; target: () => Post | undefined }) {
  const { target } = options;
  let server: JourneyServer;
  let browser: Browser;
  let wsPort: number;
  let adminToken: string;
  // The ticker's providers, faked on 127.0.0.1 so the screenshots show rates rather than the word error.
  let cbr: FakeCbr;
  let crypto: FakeCoinGecko;

  beforeAll(async () => {
    wsPort = await freePort();
    cbr = await startFakeCbr();
    crypto = await startFakeCoinGecko();
    const env = { REVERB_PORT: String(wsPort), RATES_CBR_URL: cbr.url, RATES_CRYPTO_URL: crypto.url };
    const launched = launchBrowser();
    if (options.admin) {
      // The admin is granted with the project's command, which needs the database to itself: sign up, stop, grant,
      // start.
      const first = await startJourneyServer(env);
      await apiToken(first, ADMIN);
      await first.close();
      grantAdminOffline(first.dataDir, ADMIN.id);
      server = await startJourneyServer({ ...env, DATA_DIR: first.dataDir });
      // A token issued before a role change is refused (issue 31): the admin signs in again with the new role.
      adminToken = await apiToken(server, ADMIN);
    } else {
      server = await startJourneyServer(env);
    }
    browser = await launched;
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cbr?.close();
    await crypto?.close();
  });

  /**
   * The server does not put its websocket port in `window.__APP_CONFIG__` yet, and each test server has its own
   * (REVERB_PORT); this adds it to whatever the server injects, as the server itself would.
   */
  async function newContext(options: { width: number; height: number; dark?: boolean }): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      colorScheme: options.dark ? 'dark' : 'light',
      reducedMotion: 'reduce',
    });
    await context.addInitScript((port: number) => {
      let config: Record<string, unknown> | undefined;
      Object.defineProperty(globalThis, '__APP_CONFIG__', {
        configurable: true,
        get: () => config,
        set: (value: Record<string, unknown>) => {
          config = { realtimePort: port, ...value };
        },
      });
    }, wsPort);
    // The closed test network has no telegram.org or vk.com: a listing from a channel embeds their script, which
    // fails at once here instead of after a DNS timeout (the listing page shows its text without the embed).
    for (const host of EMBED_HOSTS) await context.route(`${host}**`, (route) => route.abort('internetdisconnected'));
    return context;
  }

  /**
   * A viewport screenshot (the feed is many screens tall) into test-results/screenshots/. Each screen photographed is
   * also read for English or unfinished text.
   */
  async function shot(page: Page, name: string) {
    // A full page load shows the start-up overlay for at least a second: the picture is of the screen under it.
    await poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
    expect(await screenText(page), name).toEqual([]);
  }

  /**
   * The state on screen photographed in the theme shown and then, switched live (prefers-color-scheme), in the other;
   * `check` runs on each. One journey gives both sets instead of one journey per theme.
   */
  async function shotThemes(
    page: Page,
    name: (theme: 'light' | 'dark') => string,
    check?: (theme: 'light' | 'dark') => Promise<void>,
  ) {
    await inBothSchemes(page, async (theme) => {
      await shot(page, name(theme));
      await check?.(theme);
    });
  }

  /**
   * Visible words a Russian user should not meet (tests/support's foreignText). The listings' own data (cards, the
   * names in the lists and chips of brands, models and cities) is Latin by nature and left out, as are the ticker and
   * product names; the brand and model the journeys filter by head the models dialog's groups, and the save dialog's
   * example name is a car's («Например, Camry до 2 млн»).
   */
  const screenText = (page: Page) =>
    foreignText(page, {
      allowed: ['PRO', 'Telegram', 'E-mail', 'VK', 'ID', target()?.mark ?? '', target()?.model ?? '', 'Camry'],
      skip: 'article.post-card, [role="dialog"] label, .filter-chip__value, select, .app-ticker',
    });

  /** Texts and empty fields' placeholders cut short in the shell, the feed's header and the dialogs' frames. */
  const cutShort = (page: Page) =>
    cutText(
      page,
      undefined,
      '.test-period, .app-bottom-nav, .app-top-bar, .filter-panel, .feed-head, .new-posts-pill, .delay-banner, .filter-dialog__head, .filter-dialog__search, .filter-dialog__actions',
    );

  const cards = (page: Page) => page.locator('article.post-card');
  const foundLine = (page: Page) => page.locator('.found-line__count');
  const dialog = (page: Page) => page.getByRole('dialog');
  const tokenOf = (page: Page) =>
    page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
        'autoradar:token',
      ),
    );

  async function openSignedIn(user: TelegramUser, size = { width: 390, height: 844 }, dark = false, clock?: Date) {
    const context = await newContext({ ...size, dark });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Playwright's clock from `clock` on: time still flows, and fastForward jumps the page's timers ahead.
    if (clock) await page.clock.install({ time: clock });
    await signInWeb(page, server, user);
    await poll(() => new URL(page.url()).pathname).toBe('/search');
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    // The shell's loading overlay stays at least a second.
    await poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
    return { context, page, errors };
  }

  /** Opens a chip's dialog, optionally searches, ticks `option` and applies. */
  async function chooseInDialog(page: Page, chip: string, search: string, option: string) {
    await page.getByRole('button', { name: chip, exact: true }).click();
    const box = dialog(page);
    await poll(() => box.isVisible()).toBe(true);
    await box.getByRole('searchbox').fill(search);
    await box.getByRole('checkbox', { name: option, exact: true }).first().check();
    await box.getByRole('button', { name: 'Применить' }).click();
    await poll(() => dialog(page).count()).toBe(0);
  }

  async function fillRange(page: Page, chip: string, fields: [string, string], values: [string, string]) {
    await page.getByRole('button', { name: chip, exact: true }).click();
    const box = dialog(page);
    await box.getByRole('textbox', { name: fields[0] }).fill(values[0]);
    await box.getByRole('textbox', { name: fields[1] }).fill(values[1]);
    await box.getByRole('button', { name: 'Применить' }).click();
    await poll(() => dialog(page).count()).toBe(0);
  }

  /** Waits until a dialog has finished sliding in (two equal frames in a row). */
  async function settled(box: Locator) {
    let last = '';
    await poll(async () => {
      const frame = JSON.stringify(await box.boundingBox());
      const same = frame === last;
      last = frame;
      return same;
    }).toBe(true);
  }

  /** Waits for the transitions inside a dialog (a button fading to its disabled look) to end. */
  async function transitionsDone(box: Locator) {
    await box.evaluate((element) =>
      Promise.all(
        (element as unknown as { getAnimations(o: { subtree: boolean }): { finished: Promise<unknown> }[] })
          .getAnimations({ subtree: true })
          .map((animation) => animation.finished),
      ),
    );
  }

  async function columns(grid: Locator): Promise<number> {
    return grid.evaluate(
      (element) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { gridTemplateColumns: string } })
          .getComputedStyle(element)
          .gridTemplateColumns.split(' ').length,
    );
  }

  return {
    get server() {
      return server;
    },
    get adminToken() {
      return adminToken;
    },
    newContext,
    shot,
    shotThemes,
    screenText,
    cutShort,
    cards,
    foundLine,
    dialog,
    tokenOf,
    openSignedIn,
    chooseInDialog,
    fillRange,
    settled,
    transitionsDone,
    columns,
  };
}

/**
 * Anna as the filter journey leaves her for the other parts of the screen: signed up, with a filter saved on the
 * brand of `target` (the first listing of her feed with a brand, model, year, price, city), which is returned.
 */
export async function annaWithSavedFilter(server: JourneyServer): Promise<Post> {
  const token = await apiToken(server, ANNA);
  const feed = await callApi<{ data: Post[] }>(server, token, 'POST', '/api/posts/search', {});
  const target = feed.data.find((p) => p.mark && p.model && p.year && p.price && p.location && p.city_id)!;
  await saveBrandFilter(server, token, `Только ${target.mark}`, Number(target.brand_id));
  return target;
}
