import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DbHandle } from '@autoradar/db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, updateListing } from '@autoradar/server/listings/listing-lifecycle';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  callApi,
  launchHash,
  screenshot,
  signInitData,
  signInWeb,
  startJourneyOnOwnPostgres,
  type JourneyServer,
  type TelegramUser,
} from '../support/session';

// Room for a busy machine: expect.poll's default gives up after a second, less than a loaded server takes.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000, expect: { poll: { timeout: 20_000, interval: 100 } } });

// Favourites on the server and the price history (issue 33), as a person sees them: a favourite added in the mini-app
// is in the web app's /notes after a reload, a second open tab shows the next one without a reload, and a listing's
// page shows its history after two price edits. The product runs on a PostgreSQL database of its own, so the test can
// edit a listing's price the way ingestion does (listing-lifecycle.ts) while the server runs.

const buyer: TelegramUser = { id: 5_300_000_001, first_name: 'Мария', last_name: 'Иванова', username: 'maria_iv' };

describe('favourites on every device and the price history, in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  let db: DbHandle;
  let own: Awaited<ReturnType<typeof startJourneyOnOwnPostgres>> | undefined;
  let token: string;

  beforeAll(async () => {
    own = await startJourneyOnOwnPostgres();
    ({ server, db } = own);
    browser = await launchBrowser();
    token = await apiToken(server, buyer);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  const newPage = async (
    width: number,
    dark = false,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      colorScheme: dark ? 'dark' : 'light',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  };

  const visibleListings = async () => {
    const found = await callApi<{ data: { id: number; title: string; price: number | null }[] }>(
      server,
      token,
      'POST',
      '/api/posts/search',
      {},
    );
    return found.data.filter((p) => p.price !== null && p.price > 0);
  };

  const cardTitles = (page: Page) => page.locator('.notes-grid .post-card__title').allTextContents();

  it('a favourite added in the mini-app is in the web app after a reload, and a second tab shows the next one live', async () => {
    // The mini-app, launched by Telegram: the account exists, so the launch signs in at once.
    const tma = await newPage(390);
    await tma.page.goto(`${server.url}/tma/${launchHash(signInitData(buyer))}`);
    await expect.poll(() => new URL(tma.page.url()).pathname, { timeout: 30_000 }).toBe('/tma/search');
    const firstCard = tma.page.locator('.post-card').first();
    await expect.poll(() => firstCard.isVisible()).toBe(true);
    const firstTitle = (await firstCard.locator('.post-card__title').textContent()) ?? '';
    await firstCard.getByRole('button', { name: 'Добавить в избранное' }).click();
    await expect
      .poll(async () => (await callApi<{ data: { id: number }[] }>(server, token, 'GET', '/api/notes')).data.length)
      .toBe(1);

    // The web app on another device: signed in with the Login Widget, /notes lists it, and again after a reload.
    const web = await newPage(1280);
    await signInWeb(web.page, server, buyer, '/notes');
    await web.page.goto(`${server.url}/notes`);
    await expect.poll(() => cardTitles(web.page)).toEqual([firstTitle]);
    await web.page.reload();
    await expect.poll(() => cardTitles(web.page)).toEqual([firstTitle]);

    // A second card favourited in the mini-app appears in the open web tab without a reload.
    const secondCard = tma.page.locator('.post-card').nth(1);
    const secondTitle = (await secondCard.locator('.post-card__title').textContent()) ?? '';
    await secondCard.getByRole('button', { name: 'Добавить в избранное' }).click();
    await expect.poll(() => cardTitles(web.page)).toEqual([secondTitle, firstTitle]);
    expect(tma.errors).toEqual([]);
    expect(web.errors).toEqual([]);
    await tma.context.close();
    await web.context.close();
  });

  it('the listing page shows the history after two price edits, and favourites the change since added', async () => {
    const [listing] = await visibleListings();
    expect(listing).toBeDefined();
    const first = listing!.price!;
    await callApi(server, token, 'PUT', `/api/notes/${listing!.id}`);
    const events = createDomainEvents({ log: { error: () => {} }, db: db.db });
    const now = Date.now();
    const edit = (price: number, at: number) =>
      changeListings({ db: db.db, events, clock: () => new Date(at) }, (l) => updateListing(l, listing!.id, { price }));
    await edit(first + 50_000, now);
    await edit(first - 150_000, now + 1_000);

    for (const width of [390, 1280]) {
      for (const dark of [false, true]) {
        const { context, page, errors } = await newPage(width, dark);
        await page.addInitScript(
          ([key, value]) =>
            (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
              key,
              value,
            ),
          ['autoradar:token', token] as const,
        );
        await page.goto(`${server.url}/posts/${listing!.id}`);
        const history = page.locator('.price-history');
        await expect.poll(() => history.isVisible()).toBe(true);
        expect(await history.getByRole('heading', { name: 'История цены' }).isVisible()).toBe(true);
        await expect.poll(() => history.locator('.price-history__list li').count()).toBe(3);
        expect(await history.locator('.price-history__change').textContent()).toMatch(/^−150\u00a0000\u00a0₽ за /);
        expect(await history.locator('svg[role="img"]').count()).toBe(1);
        const theme = dark ? 'dark' : 'light';
        await expect.poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
        await screenshot(page, `price-history-${width}-${theme}`);

        await page.goto(`${server.url}/notes`);
        const change = page.locator('.notes-change');
        await expect.poll(() => change.first().textContent()).toBe('−150\u00a0000\u00a0₽ с добавления в избранное');
        await expect.poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
        await screenshot(page, `notes-${width}-${theme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
