// How good the market estimate is on the demo data (issue 33): `pnpm --filter @autoradar/tests market:quality`
// [--count=300] [--seed=N]. Figures go to docs/quality.md.
//
// 1. Coverage: the demo feed is written to an in-memory PGlite the way the API's start writes it, the set-based job
//    runs, and the share of listings with an estimate (and their verdicts) is counted.
// 2. Error on held-back listings: each listing in turn is held back and estimated from the others alone with core's
//    rule (its comparables, the median of their prices); the absolute error against its own price is summarised.
import { estimateMarket, chooseComparables, type MarketListing } from '@autoradar/core';
import { cities, importReferenceData, planDemoListings } from '@autoradar/db';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { seedListings } from '@autoradar/server/listings/seed-listings';
import { recomputeMarket } from '@autoradar/server/market/recompute-market';

const option = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const count = option('count', 300);
const seed = option('seed', 1);
const now = new Date('2026-11-28T12:00:00Z');

const handle = await createTestDb({ name: 'pglite' });
const { db } = handle;
await importReferenceData(db);
const planned = await planDemoListings(db, { mediaDir: '/tmp', count, now, seed });
await seedListings(
  db,
  planned.map((l) => ({ post: l.post })),
);

await recomputeMarket(db, { now });
const { rows: verdicts } = await db.execute<{ verdict: string; n: number }>(
  'select verdict, count(*)::int as n from market_estimates group by verdict order by verdict',
);
const estimated = verdicts.reduce((sum, v) => sum + Number(v.n), 0);

const regions = new Map(
  (await db.select({ id: cities.id, region: cities.region }).from(cities)).map((c) => [c.id, c.region]),
);
const listings: MarketListing[] = planned.map((l) => ({
  modelId: l.post.modelId ?? null,
  year: l.post.year ?? null,
  mileage: l.post.mileage ?? null,
  price: l.post.price ?? null,
  region: l.post.cityId ? (regions.get(l.post.cityId) ?? null) : null,
  publishedAt: l.post.publishedAt as Date,
}));
const errors: { abs: number; rel: number }[] = [];
listings.forEach((listing, i) => {
  if (listing.price === null) return;
  const others = listings.filter((_, j) => j !== i);
  const market = estimateMarket(chooseComparables(listing, others, now).map((o) => o.price!));
  if (!market) return;
  const abs = Math.abs(listing.price - market.median);
  errors.push({ abs, rel: abs / listing.price });
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`demo listings: ${planned.length} (seed ${seed})`);
console.log(
  `with an estimate (set-based job): ${estimated} = ${pct(estimated / planned.length)}; verdicts ${verdicts
    .map((v) => `${v.verdict} ${v.n}`)
    .join(', ')}`,
);
console.log(
  `held back and estimated from the others: ${errors.length} = ${pct(errors.length / planned.length)}; median absolute ` +
    `error ${Math.round(median(errors.map((e) => e.abs))).toLocaleString('ru-RU')} ₽, median relative error ${pct(
      median(errors.map((e) => e.rel)),
    )}`,
);
await handle.close();
