// The market estimates job on many listings in real PostgreSQL (issue 33): `pnpm --filter @autoradar/tests
// bench:market` (figures go to docs/performance.md).
//
// Options: --count=1000000 (listings, all inside the 90-day window, so every one is read)  --reseed
//   --seed-only (load the database and stop: for EXPLAIN ANALYZE by hand)
// The database is its own (MARKET_BENCH_DATABASE_URL, default market_bench on 127.0.0.1), never the tests' one. It is
// seeded once per count with generate_series through seedListingsFromSelect (the listings module's bulk writer).
import type { PostgresDbHandle } from '@autoradar/db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { seedListings } from '@autoradar/server/listings/seed-listings';
import { seedListingsFromSelect } from '@autoradar/server/listings/seed-listings';
import { createMarketEstimator } from '@autoradar/server/market/market-estimator';
import { recomputeMarket } from '@autoradar/server/market/recompute-market';
import { createPickTables, dropSecondaryIndexes, openBenchDatabase, pickJoins } from './bench-db';

const url = process.env['MARKET_BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/market_bench';
const option = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const count = option('count', 1_000_000);
const reseed = process.argv.includes('--reseed');
const log = (msg: string) => console.log(`[market] ${msg}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const open = (fresh: boolean) => openBenchDatabase(url, { fresh, variable: 'MARKET_BENCH_DATABASE_URL' });

async function seed(handle: PostgresDbHandle): Promise<void> {
  const client = await handle.client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    // The text indexes are not rebuilt (the job never reads them); the rest come back after the load.
    const indexes = await dropSecondaryIndexes(client, ['posts', 'post_prices']);
    await client.query(`select setseed(0.33)`);
    const picks = await createPickTables(client, { minYear: 1995 });
    const started = performance.now();
    // Popular models and big cities dominate; every listing inside the last 89 days; a price that falls with age
    // and mileage, with ±25 % noise and one in 200 a placeholder or a typo.
    await seedListingsFromSelect(
      (text) => client.query(text),
      [
        'channel',
        'brand_id',
        'model_id',
        'city_id',
        'mark',
        'model',
        'title',
        'year',
        'price',
        'mileage',
        'location',
        'status',
        'published_at',
      ],
      `select 'site', m.brand_id, m.model_id, c.id, m.brand, m.model, m.brand || ' ' || m.model || ' ' || y.year, y.year,
         case when g % 200 = 0 then 1
              else greatest(20000, round(1500000 * m.tier * power(0.9, 2026 - y.year) * (0.75 + r.price * 0.5)
                                         * (1.1 - r.mileage * 0.2) / 1000) * 1000) end::bigint,
         (greatest(1, 2026 - y.year) * (6000 + r.mileage * 16000))::int / 1000 * 1000,
         c.city, 'published', now() - (r.age * interval '89 days')
       from generate_series(1, ${count}) g
       cross join lateral (select random() as model, random() as city, random() as year, random() as price,
                                  random() as mileage, random() as age where g > 0) r
       ${pickJoins(picks)}`,
    );
    log(`${count.toLocaleString('ru-RU')} объявлений: ${seconds(performance.now() - started)} с`);
    for (const index of indexes.filter((i) => !/fts|trgm/.test(i.name))) await client.query(index.def);
    await client.query('vacuum analyze posts, post_prices');
    await client.query('create table if not exists market_bench_seed (count int not null)');
    await client.query('insert into market_bench_seed values ($1)', [count]);
    log(`индексы и analyze: ${seconds(performance.now() - started)} с с начала`);
  } finally {
    client.release();
  }
}

let handle = await open(reseed);
const seeded = await handle.client
  .query<{ count: number }>('select count from market_bench_seed')
  .then((r) => r.rows[0]?.count ?? -1)
  .catch(() => -1);
if (seeded !== count) {
  // Anything but a finished load of this count is rebuilt from an empty database.
  if (seeded !== -1 || !reseed) {
    await handle.close();
    handle = await open(true);
  }
  await seed(handle);
} else log(`база уже содержит ${count.toLocaleString('ru-RU')} объявлений (--reseed, чтобы пересоздать)`);
if (process.argv.includes('--seed-only')) {
  await handle.close();
  process.exit(0);
}
const db = handle.db;

const now = new Date();
await db.execute('truncate market_estimates');
let started = performance.now();
const first = await recomputeMarket(db, { now });
const full = performance.now() - started;
log(`полный пересчёт с нуля: ${seconds(full)} с (${JSON.stringify(first)})`);
started = performance.now();
const second = await recomputeMarket(db, { now });
const again = performance.now() - started;
log(`полный пересчёт без изменений: ${seconds(again)} с (${JSON.stringify(second)})`);

// Incremental: listings published one after another, each announced; the lag is from the announcement to the row.
const events = createDomainEvents({ log: { error: () => {} } });
const estimator = createMarketEstimator({
  db,
  events,
  log: { info: () => {}, error: console.error },
  fullIntervalMs: 0,
});
estimator.start();
await estimator.idle();
const { rows: popular } = await db.execute<{ id: number }>(
  `select p.id from posts p join market_estimates e on e.post_id = p.id order by e.comparables desc limit 10`,
);
const lags: number[] = [];
for (const row of popular) {
  const [template] = (
    await db.execute<Record<string, unknown>>(
      `select brand_id, model_id, city_id, title, year, price, mileage from posts where id = ${Number(row.id)}`,
    )
  ).rows;
  const [id] = await seedListings(db, [
    {
      post: {
        channel: 'site',
        brandId: Number(template!['brand_id']),
        modelId: Number(template!['model_id']),
        cityId: Number(template!['city_id']),
        title: String(template!['title']),
        year: Number(template!['year']),
        price: Math.round(Number(template!['price']) * 0.7),
        mileage: Number(template!['mileage']),
      },
    },
  ]);
  const sent = performance.now();
  await events.emit('listing.published', { postId: id!, audience: 'everyone' });
  for (;;) {
    const found = await db.execute(`select 1 from market_estimates where post_id = ${id!}`);
    if (found.rows.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  lags.push(performance.now() - sent);
}
await estimator.stop();
lags.sort((a, b) => a - b);
log(
  `инкрементально (после объявления, пауза сбора 2 с включена): медиана ${seconds(lags[Math.floor(lags.length / 2)]!)} с, ` +
    `максимум ${seconds(lags.at(-1)!)} с на ${lags.length} объявлениях`,
);
console.log(
  `\n| listings in the window | full recompute, empty table | full recompute, nothing changed | estimates | incremental lag median / max |\n` +
    `|---|---|---|---|---|\n| ${count.toLocaleString('en-US')} | ${seconds(full)} s | ${seconds(again)} s | ${first.estimated.toLocaleString('en-US')} | ${seconds(lags[Math.floor(lags.length / 2)]!)} s / ${seconds(lags.at(-1)!)} s |`,
);
await handle.close();
