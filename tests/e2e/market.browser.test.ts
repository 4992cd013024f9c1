import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createDb, importReferenceData, migrateDb } from '@autoradar/db';
import { seedListings, type SeedListing } from '@autoradar/server/listings/seed-listings';
import { launchBrowser } from '../support/browser';
import { tempDataDir } from '../support/server';
import {
  hasHorizontalOverflow,
  screenshot,
  signInWeb,
  startJourneyServer,
  switchScheme,
  type JourneyServer,
} from '../support/session';

vi.setConfig({ testTimeout: 240_000, expect: { poll: { timeout: 30_000, interval: 200 } } });

// The market estimate and the real counts (issue 33) as a buyer sees them, on the embedded database: before the API
// starts, its PGlite gets twelve Camrys of one year, mileage band and city at about 2 000 000 ₽ and one at 1 450 000 ₽,
// plus 1 500 Vestas so that a broad search matches more than the exact-count cap. The API's start runs the full
// recompute; the cheap Camry's page shows «Хорошая цена» with the range, and the search shows a number.

const DAY = 86_400_000;
const CAMRY_PRICES = [
  1_950_000, 2_000_000, 2_050_000, 1_980_000, 2_100_000, 1_900_000, 2_020_000, 2_070_000, 1_990_000,
];

describe('market estimate and counts in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  let cheapId = 0;
  let lonelyId = 0;

  beforeAll(async () => {
    const dataDir = tempDataDir();
    const handle = await createDb({ dataDir });
    await migrateDb(handle);
    await importReferenceData(handle.db);
    const { db } = handle;
    const modelOf = async (brand: string, model: string) => {
      const { rows } = await db.execute<{ brand_id: number; model_id: number }>(
        `select b.id as brand_id, m.id as model_id from models m join brands b on b.id = m.brand_id
         where b.name = '${brand}' and m.name = '${model}'`,
      );
      if (!rows[0]) throw new Error(`${brand} ${model} нет в справочнике`);
      return { brandId: Number(rows[0].brand_id), modelId: Number(rows[0].model_id) };
    };
    const camry = await modelOf('Toyota', 'Camry');
    const vesta = await modelOf('LADA', 'Vesta');
    const accord = await modelOf('Honda', 'Accord');
    const { rows: kazan } = await db.execute<{ id: number }>(`select id from cities where city = 'Казань' limit 1`);
    const now = Date.now();
    const listing = (i: number, price: number, over: Partial<SeedListing['post']> = {}): SeedListing => ({
      post: {
        channel: 'site',
        ...camry,
        cityId: Number(kazan[0]!.id),
        mark: 'Toyota',
        model: 'Camry',
        title: 'Toyota Camry 2019',
        year: 2019,
        price,
        mileage: 70_000 + i * 1_000,
        location: 'Казань',
        publishedAt: new Date(now - (i + 1) * 3_600_000),
        ...over,
      },
    });
    await seedListings(
      db,
      CAMRY_PRICES.map((price, i) => listing(i, price)),
    );
    cheapId = (await seedListings(db, [listing(20, 1_450_000, { title: 'Toyota Camry 2019, срочно' })]))[0]!;
    await seedListings(
      db,
      Array.from({ length: 1_500 }, (_, i) =>
        listing(i, 900_000 + (i % 40) * 10_000, {
          ...vesta,
          mark: 'LADA',
          model: 'Vesta',
          title: `LADA Vesta ${2016 + (i % 8)}`,
          year: 2016 + (i % 8),
          mileage: 20_000 + (i % 9) * 10_000,
          publishedAt: new Date(now - 2 * DAY - i * 60_000),
        }),
      ),
    );
    lonelyId = (
      await seedListings(db, [
        listing(0, 2_500_000, { ...accord, mark: 'Honda', model: 'Accord', title: 'Honda Accord 2019' }),
      ])
    )[0]!;
    await handle.close();
    server = await startJourneyServer({ DATA_DIR: dataDir, APP_NAME: 'АвтоРадар', DEMO_DATA: 'false' }, 240_000);
    browser = await launchBrowser();
    // A loaded machine: the embedded database, 1 500 listings and the API's start.
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, width: number, dark: boolean): Promise<Page> {
    const page = await browser.newPage({
      viewport: { width, height: width < 600 ? 844 : 800 },
      colorScheme: dark ? 'dark' : 'light',
    });
    await page.goto(`${server.url}${path}`);
    return page;
  }

  // One journey per width, each state photographed light, then dark (switched live).
  for (const width of [390, 1280])
    it(`a Camry priced well below its comparables shows «Хорошая цена» with the range (${width}, light and dark)`, async () => {
      // The full recompute runs as the API starts: poll the page until the estimate is there.
      let page = await open(`/posts/${cheapId}`, width, false);
      await expect
        .poll(async () => {
          if ((await page.getByTestId('market-estimate').count()) > 0) return true;
          await page.reload();
          return false;
        })
        .toBe(true);
      const block = page.getByTestId('market-estimate');
      expect(await block.getByTestId('market-badge').textContent()).toBe('Хорошая цена');
      const text = (await block.textContent()) ?? '';
      expect(text).toContain('Рыночная цена');
      expect(text).toMatch(/1\u00a0\d{3}\u00a0\d{3}\u00a0₽ – 2\u00a0\d{3}\u00a0\d{3}\u00a0₽/);
      expect(text).toContain('по 9 похожим объявлениям');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, scheme);
        await screenshot(page, `market-listing-${width}-${scheme}`);
      }
      await page.close();

      // A broad search (the feed is for signed-in users): a number of listings, never «более 1 000».
      page = await browser.newPage({
        viewport: { width, height: width < 600 ? 844 : 800 },
        colorScheme: 'light',
      });
      await signInWeb(page, server, { id: 73_001, first_name: 'Мария', username: 'maria_market' });
      const found = page.locator('.found-line__count');
      await expect.poll(() => found.textContent()).toMatch(/^Найдено (≈ )?\d[\d\u00a0 ]* объявлени/);
      expect(await page.locator('.found-line').textContent()).not.toContain('более');
      expect(await found.textContent()).toContain('≈');
      await expect.poll(() => page.getByTestId('market-badge').count()).toBeGreaterThan(0);
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, scheme);
        await screenshot(page, `market-search-${width}-${scheme}`);
      }
      await page.close();
    });

  it('a listing without 8 comparables shows no badge and no range', async () => {
    const page = await open(`/posts/${lonelyId}`, 390, false);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Honda Accord 2019');
    expect(await page.getByTestId('market-estimate').count()).toBe(0);
    expect(await page.getByTestId('market-badge').count()).toBe(0);
    await page.close();
  });
});
