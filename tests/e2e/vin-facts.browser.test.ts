import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { orderParts, orders, partners, type DbHandle } from '@autoradar/db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, updateListing } from '@autoradar/server/listings/listing-lifecycle';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  callApi,
  screenshot,
  startJourneyOnOwnPostgres,
  switchScheme,
  TOKEN_KEY,
  type JourneyServer,
  buyProInSandbox,
} from '../support/session';

// Room for a busy machine: expect.poll's default gives up after a second, less than a loaded server takes.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000, expect: { poll: { timeout: 20_000, interval: 100 } } });

// Facts from a VIN report on the listing page (issue 33), as a buyer sees them: a listing that states a VIN with a
// completed report shows «Проверка по VIN» (owners, registration years, restrictions, OSAGO) and nothing personal of
// the report. The product runs on a PostgreSQL database of its own, so the test can write the report's rows.

const VIN = 'XTA210990Y2765437';

interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void };
}

describe('VIN report facts on the listing page, in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  let db: DbHandle;
  let own: Awaited<ReturnType<typeof startJourneyOnOwnPostgres>> | undefined;

  beforeAll(async () => {
    own = await startJourneyOnOwnPostgres();
    ({ server, db } = own);
    browser = await launchBrowser();
    // A completed report of VIN: what both journeys' listings show.
    const [partner] = await db.db
      .insert(partners)
      .values({ title: 'Автоистория', url: 'https://reports.example.ru' })
      .returning({ id: partners.id });
    const [order] = await db.db
      .insert(orders)
      .values({ partnerId: partner!.id, string: VIN, status: 'completed' })
      .returning({ id: orders.id });
    await db.db.insert(orderParts).values([
      {
        orderId: order!.id,
        key: 'ownershipPeriods',
        title: 'Владельцы',
        status: 'completed',
        value: [
          { owner: 'natural', startDate: '2016-04-12', endDate: '2019-09-03', operation: '01' },
          { owner: 'natural', startDate: '2019-09-03', endDate: null, operation: '62' },
        ],
      },
      {
        orderId: order!.id,
        key: 'osago',
        title: 'ОСАГО',
        status: 'completed',
        value: [{ insuranceNumber: 'ХХХ 0123456789', isActive: true, licensePlate: 'А123ВС77' }],
      },
      { orderId: order!.id, key: 'restrictions', title: 'Ограничения', status: 'completed', value: [] },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  it('shows owners, registration years, restrictions and OSAGO at 390 and 1280, light and dark', async () => {
    const found = await callApi<{ data: { id: number }[] }>(server, null, 'POST', '/api/posts/search', {});
    const listing = found.data[0];
    expect(listing).toBeDefined();
    // As an edit would give it one (the listing lifecycle is the only writer of posts).
    const events = createDomainEvents({ log: console, db: db.db });
    await changeListings({ db: db.db, events }, (l) => updateListing(l, Number(listing!.id), { vin: VIN }));
    // One page load per width, photographed light, then dark (switched live).
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 800 },
        colorScheme: 'light',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}/posts/${listing!.id}`);
      const facts = page.locator('.vin-facts');
      await expect.poll(() => facts.isVisible()).toBe(true);
      const text = (await facts.textContent()) ?? '';
      expect(text).toContain('Проверка по VIN');
      expect(text).toContain('Владельцев2');
      expect(text).toContain('2016–2019, с 2019');
      expect(text).toContain('ОграниченияНе найдены');
      expect(text).toContain('ОСАГОДействует');
      expect(await page.content()).not.toContain('А123ВС77');
      await expect.poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, scheme);
        await facts.scrollIntoViewIfNeeded();
        await screenshot(page, `vin-facts-${width}-${scheme}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
  it('a seller enters the VIN in /new: a bad one is refused, a good one survives a reload and is published', async () => {
    const token = await apiToken(server, { id: 7_300_001, first_name: 'Антон' });
    // PRO through the sandbox checkout, so the form publishes (the tariff's own journey is sell.browser.test.ts).
    await buyProInSandbox(server, token);
    const brands = (await callApi<{ data: { id: number; name: string }[] }>(server, null, 'GET', '/api/brands')).data;
    const lada = brands.find((b) => b.name === 'LADA (ВАЗ)') ?? brands.find((b) => b.name === 'Toyota')!;
    const models = (
      await callApi<{ data: { id: number; name: string }[] }>(
        server,
        null,
        'GET',
        `/api/models?car_brand_id=${lada.id}`,
      )
    ).data;
    const draft = (await callApi<{ data: { id: number } }>(server, token, 'GET', '/api/drafts/create')).data;
    await callApi(server, token, 'PUT', `/api/drafts/${draft.id}`, {
      brand_id: lada.id,
      model_id: models[0]!.id,
      year: 2010,
      mileage: 143_000,
      price: 310_000,
      city: 'Самара',
      description: 'Один хозяин, гаражное хранение.',
      contacts: [{ type: 'phone', value: '+7 927 123-45-67' }],
    });

    // One pass per width: each state photographed light, then dark (switched live).
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 800 },
        colorScheme: 'light',
      });
      await context.addInitScript(
        ([key, value]) => (globalThis as unknown as PageGlobals).localStorage.setItem(key!, value!),
        [TOKEN_KEY, token],
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const bothThemes = async (name: string) => {
        for (const scheme of ['light', 'dark'] as const) {
          await switchScheme(page, scheme);
          await field.scrollIntoViewIfNeeded();
          await screenshot(page, `${name}-${width}-${scheme}`);
        }
        await switchScheme(page, 'light');
      };
      await page.goto(`${server.url}/new`);
      const field = page.getByLabel('VIN (необязательно)');
      await expect.poll(() => field.isEnabled()).toBe(true);
      await field.fill('XTA210990O2765437');
      await field.blur();
      await expect.poll(() => page.getByText('Некорректный VIN').isVisible()).toBe(true);
      await expect.poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
      await bothThemes('sell-vin-error');

      await field.fill('xta 210990y2765437');
      await expect.poll(() => page.getByText('Некорректный VIN').count()).toBe(0);
      await expect.poll(() => page.getByText('Черновик сохранён', { exact: true }).isVisible()).toBe(true);
      await page.reload();
      // The server's normalised VIN, or the text as typed if the page kept its own copy.
      await expect.poll(() => field.inputValue()).toMatch(/^(XTA210990Y2765437|xta 210990y2765437)$/);
      await expect.poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);
      await bothThemes('sell-vin');
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(
      (await callApi<{ data: { vin?: string | null } }>(server, token, 'GET', '/api/drafts/create')).data.vin,
    ).toBe(VIN);

    // Publishing: the listing carries the VIN, and its page shows the report's facts.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      ([key, value]) => (globalThis as unknown as PageGlobals).localStorage.setItem(key!, value!),
      [TOKEN_KEY, token],
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/new`);
    const publish = page.getByRole('button', { name: 'Опубликовать' });
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/posts\/\d+$/);
    // The facts come from the listing's VIN: the one the seller entered.
    await expect.poll(() => page.locator('.vin-facts').isVisible()).toBe(true);
    await context.close();
  });
});
