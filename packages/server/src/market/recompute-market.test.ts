import { beforeAll, expect, it } from 'vitest';
import { estimateListing, type MarketListing } from '@autoradar/core';
import { brands, cities, marketEstimates, models, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { eq } from 'drizzle-orm';
import { createDomainEvents } from '../events/domain-events';
import { seedListings } from '../listings/seed-listings';
import { removeListings } from '../listings/testing/listing-fixtures';
import { createMarketEstimator } from './market-estimator';
import { recomputeMarket } from './recompute-market';

// The set-based recompute on PGlite and PostgreSQL gives what core's rule gives listing by listing, keeps outliers
// from moving the market, leaves thin markets without an estimate, and the incremental pass estimates a listing
// published after the full one.

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describeEachDb('market estimates', (getDb) => {
  let db: DbHandle['db'];
  let camry = 0;
  let rio = 0;
  let kazan = 0;
  let moscow = 0;
  const listings: (MarketListing & { id: number })[] = [];

  async function add(over: Partial<MarketListing> & { price: number; status?: 'published' | 'unpublished' }) {
    const l: MarketListing = {
      modelId: camry,
      year: 2018,
      mileage: 80_000,
      region: 'Татарстан',
      publishedAt: daysAgo(5),
      ...over,
    };
    const [id] = await seedListings(db, [
      {
        post: {
          channel: 'kazan_cars',
          title: 'Toyota Camry',
          modelId: l.modelId,
          year: l.year,
          mileage: l.mileage,
          price: l.price,
          cityId: l.region === 'Москва' ? moscow : l.region === null ? null : kazan,
          publishedAt: l.publishedAt,
          status: over.status ?? 'published',
        },
      },
    ]);
    if ((over.status ?? 'published') === 'published') listings.push({ ...l, id: id! });
    return id!;
  }

  const estimateOf = async (id: number) =>
    (await db.select().from(marketEstimates).where(eq(marketEstimates.postId, id)))[0];

  let cheap = 0;
  let outlierLow = 0;
  let lonelyRio = 0;
  let old = 0;

  beforeAll(async () => {
    db = getDb().db;
    const [toyota] = await db.insert(brands).values({ name: 'Toyota' }).returning({ id: brands.id });
    const [m1, m2] = await db
      .insert(models)
      .values([
        { brandId: toyota!.id, name: 'Camry' },
        { brandId: toyota!.id, name: 'Rio' },
      ])
      .returning({ id: models.id });
    camry = m1!.id;
    rio = m2!.id;
    const [c1, c2] = await db
      .insert(cities)
      .values([
        { city: 'Казань', region: 'Татарстан', regionType: 'Респ', regionFull: 'Татарстан' },
        { city: 'Москва', region: 'Москва', regionType: 'г', regionFull: 'Москва' },
      ])
      .returning({ id: cities.id });
    kazan = c1!.id;
    moscow = c2!.id;
    for (const [i, price] of [1_800_000, 1_850_000, 1_900_000, 1_950_000, 2_000_000, 2_050_000, 2_100_000].entries())
      await add({ price, year: 2017 + (i % 3) });
    for (const price of [1_950_000, 2_000_000, 2_200_000]) await add({ price, region: 'Москва' });
    cheap = await add({ price: 1_500_000 });
    outlierLow = await add({ price: 20_000 });
    await add({ price: 90_000_000 });
    // Not comparables: another band, too old a year, a placeholder price, an unpublished one.
    await add({ price: 1_000_000, mileage: 160_000 });
    await add({ price: 3_000_000, year: 2021 });
    await add({ price: 1 });
    await add({ price: 1_000_000, status: 'unpublished' });
    old = await add({ price: 1_000_000, publishedAt: daysAgo(120) });
    for (const price of [700_000, 720_000, 750_000]) lonelyRio = await add({ price, modelId: rio, year: 2015 });
  });

  it('estimates every listing as core rule does, in one pass', async () => {
    const result = await recomputeMarket(db, { now });
    const expected = listings
      .map((l) => ({
        l,
        e: estimateListing(
          l,
          listings.filter((o) => o.id !== l.id),
          now,
        ),
      }))
      .filter((x) => x.e !== null);
    expect(result.estimated).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(10);
    for (const { l, e } of expected)
      expect(await estimateOf(l.id)).toMatchObject({
        low: e!.low,
        median: e!.median,
        high: e!.high,
        comparables: e!.comparables,
        verdict: e!.verdict,
      });
  });

  it('calls the car priced well under its comparables a good price, robust to a 20 000 ₽ and a 90 M ₽ outlier', async () => {
    const estimate = (await estimateOf(cheap))!;
    expect(estimate.verdict).toBe('good');
    expect(estimate.median).toBeGreaterThan(1_900_000);
    expect(estimate.median).toBeLessThan(2_100_000);
    expect(estimate.comparables).toBeGreaterThanOrEqual(8);
    expect((await estimateOf(outlierLow))!.verdict).toBe('good');
  });

  it('gives no estimate in a thin market, nor to a listing older than 90 days', async () => {
    expect(await estimateOf(lonelyRio)).toBeUndefined();
    expect(await estimateOf(old)).toBeUndefined();
  });

  it('writes nothing the second time when nothing changed', async () => {
    expect(await recomputeMarket(db, { now })).toMatchObject({ written: 0, dropped: 0 });
  });

  it('skips the full pass at start when estimates were written within the interval, and runs it when they are older', async () => {
    const passes: unknown[] = [];
    const startAt = async (at: Date) => {
      const estimator = createMarketEstimator({
        db,
        events: createDomainEvents({ log: { error: () => {} } }),
        log: { info: (result: unknown) => passes.push(result), error: () => {} },
        clock: () => at,
        fullIntervalMs: 6 * 3_600_000,
      });
      estimator.start();
      await estimator.idle();
      await estimator.stop();
    };
    // A restart an hour after the last pass wrote its estimates (a deploy): no pass.
    await startAt(new Date(now.getTime() + 3_600_000));
    expect(passes).toEqual([]);
    // Seven hours after: the pass runs (and finds nothing to change).
    await startAt(new Date(now.getTime() + 7 * 3_600_000));
    expect(passes).toHaveLength(1);
  });

  it('estimates a listing published later incrementally, from its event', async () => {
    const events = createDomainEvents({ log: { error: () => {} } });
    const estimator = createMarketEstimator({
      db,
      events,
      log: { info: () => {}, error: () => {} },
      clock: () => now,
      fullIntervalMs: 0,
      debounceMs: 60_000,
    });
    estimator.start();
    await estimator.idle();
    const rios: number[] = [];
    for (const price of [700_000, 710_000, 730_000, 740_000, 760_000, 770_000])
      rios.push(await add({ price, modelId: rio, year: 2015 }));
    for (const id of rios) await events.emit('listing.published', { postId: id, audience: 'everyone' });
    await estimator.idle();
    expect(await estimateOf(lonelyRio)).toMatchObject({ comparables: 8, verdict: 'fair' });
    expect(await estimateOf(rios[0]!)).toMatchObject({ comparables: 8 });
    await estimator.stop();
  });

  it('forgets the estimate of a deleted listing (the trigger that stands for the foreign key)', async () => {
    expect(await estimateOf(cheap)).toBeDefined();
    await removeListings(db, [cheap]);
    expect(await estimateOf(cheap)).toBeUndefined();
  });
});
