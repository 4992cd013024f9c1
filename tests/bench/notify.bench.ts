// Saved-filter notifications at scale (issue 14): `pnpm --filter @autoradar/tests bench:notify`. Not part of the test
// command; figures go to docs/performance.md. Seeds (or reuses) its own PostgreSQL database with 1 000 000 saved
// filters, then measures
//   1. the matcher (findMatchingFilters: six exact keys probed in filter_match_keys, migration 0012) for 1 000 random
//      listings: p50/p99 and matches found, next to the same rule read from every filter (matchFiltersScanQuery with
//      index scans turned off: a full scan), in the same run;
//   2. publish -> Telegram call: listings matching 30 users, from the commit of publishListing to each
//      sendMessage reaching the Bot API emulator (worker in this process, woken by its fan-out as the API's is);
//   3. the delivery rate against the emulator with Telegram's limits on (30 messages/s overall, 1/s per chat).
// It asserts nothing. Options: --filters=1000000 --listings=1000 --warmup=100 --scan=20 --latency=20 --rate=300
// --reseed. The matcher is first run on --warmup listings that are not counted (a running worker has its keys cached).
import { createDb, migrateDb, type PostgresDbHandle } from '@autoradar/db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { wakeOnPublishedListings } from '@autoradar/server/notify/wake-on-listings';
import {
  findMatchingFilters,
  matchFiltersQuery,
  matchFiltersScanQuery,
  modelIdsOfBrand,
  sqlText,
} from '@autoradar/server/notify/match-filters';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import { createNotifyWorker } from '@autoradar/server/notify/notify-worker';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { createTelegramLimits } from '@autoradar/server/telegram-api';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const FILTERS = arg('filters', 1_000_000);
const LISTINGS = arg('listings', 1_000);
const SCAN = arg('scan', 20);
const WARMUP = arg('warmup', 100);
const LATENCY = arg('latency', 20);
const RATE = arg('rate', 300);
const reseed = process.argv.includes('--reseed');
const BRANDS = 150;
const MODELS_PER_BRAND = 10;
const CITIES = 1000;
const url = process.env['BENCH_NOTIFY_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/ar_bench_notify';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function ensureDatabase(): Promise<void> {
  const admin = (await createDb({
    databaseUrl: url.replace(/\/[^/]+$/, '/postgres'),
    dataDir: '/tmp',
  })) as PostgresDbHandle;
  const name = new URL(url).pathname.slice(1);
  if (reseed) await admin.client.query(`drop database if exists "${name}" with (force)`);
  const { rowCount } = await admin.client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.client.query(`create database "${name}"`);
  await admin.close();
}

async function seed(handle: PostgresDbHandle): Promise<void> {
  const q = (text: string, params: unknown[] = []) => handle.client.query(text, params);
  const n = (await handle.client.query<{ n: number }>('select count(*)::int as n from filters')).rows[0]!.n;
  if (n >= FILTERS) return console.log(`Фильтры уже есть: ${n}`);
  const started = performance.now();
  // Synthetic reference ids: brands 1..150 with 10 models each, cities 1..1000; popular ones more often (random()^2).
  await q(`
    insert into brands (id, name) select g, 'Марка ' || g from generate_series(1, ${BRANDS}) g on conflict do nothing;
    insert into models (id, brand_id, name)
      select (b - 1) * ${MODELS_PER_BRAND} + m, b, 'Модель ' || m
      from generate_series(1, ${BRANDS}) b, generate_series(1, ${MODELS_PER_BRAND}) m on conflict do nothing;
    insert into users (telegram_id, first_name, is_pro, pro_expired)
      select 1000000 + g, 'Пользователь ' || g, random() < 0.9, now() + interval '30 days'
      from generate_series(1, ${Math.ceil(FILTERS / 5)}) g;`);
  // 1M filters: 93% one brand, 5% two, 2% any brand (those always name a city); 40% of one-brand filters narrow to a
  // model; 70% one city (popular cities more often); price and year bounds on most; 80% active; 10% «Только хорошая
  // цена» (issue 33: the matcher looks those up and asks for the listing's verdict).
  await q(`
    insert into filters (user_id, name, brands, models, cities, price_from, price_to, year_from, year_to, active, via,
      good_price_only)
    select u.id, 'Фильтр ' || g,
      case when r.kind < 0.93 then array[r.b1] when r.kind < 0.98 then array[r.b1, r.b2] else '{}' end,
      case when r.kind < 0.93 and r.m < 0.4 then array[(r.b1 - 1) * ${MODELS_PER_BRAND} + 1 + floor(r.m * 25)::int % ${MODELS_PER_BRAND}] else '{}' end,
      case when r.c < 0.7 or r.kind >= 0.98 then array[1 + floor(${CITIES} * random() ^ 1.5)::int] else '{}' end,
      case when r.p < 0.4 then (floor(random() * 20) * 100000)::bigint end,
      case when r.p < 0.7 then (2000000 + floor(random() * 40) * 100000)::bigint end,
      case when r.y < 0.5 then 2005 + floor(random() * 15)::int end,
      null,
      random() < 0.8,
      '{telegram}',
      random() < 0.1
    from generate_series(1, ${FILTERS}) g
    cross join lateral (select 1 + floor(${BRANDS} * random())::int as b1, 1 + floor(${BRANDS} * random())::int as b2,
      random() as kind, random() as m, random() as c, random() as p, random() as y, g as gg) r
    join users u on u.telegram_id = 1000000 + 1 + (g % ${Math.ceil(FILTERS / 5)});`);
  await q('analyze filters');
  await q('analyze users');
  console.log(`Засеяно ${FILTERS} фильтров за ${((performance.now() - started) / 1000).toFixed(0)} с`);
}

function randomListing() {
  const brand = 1 + Math.floor(BRANDS * Math.random());
  return {
    brand_id: brand,
    model_id: (brand - 1) * MODELS_PER_BRAND + 1 + Math.floor(Math.random() * MODELS_PER_BRAND),
    city_id: 1 + Math.floor(CITIES * Math.random() ** 1.5),
    price: 300_000 + Math.floor(Math.random() * 60) * 100_000,
    year: 2000 + Math.floor(Math.random() * 25),
  };
}

/** The statement's execution time inside PostgreSQL (EXPLAIN ANALYZE without per-node timing): no client, no network. */
type Queryable = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
async function executionMs(client: Queryable, text: string, params: unknown[]): Promise<number> {
  const { rows } = await client.query(`explain (analyze, timing off, summary on, format json) ${text}`, params);
  const row = rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number }] };
  return row['QUERY PLAN'][0]['Execution Time'];
}

async function benchMatcher(handle: PostgresDbHandle) {
  const { db } = handle;
  const now = new Date();
  const times: number[] = [];
  const found: number[] = [];
  // The verdict as the notify job asks for it: a primary-key read of market_estimates (no estimate here: null).
  const verdictOf = (id: number) => async () => {
    const { rows } = await handle.client.query<{ verdict: 'good' | 'fair' | 'high' }>(
      'select verdict from market_estimates where post_id = $1',
      [id],
    );
    return rows[0]?.verdict ?? null;
  };
  for (let i = 0; i < WARMUP; i += 1)
    await findMatchingFilters(db, randomListing(), now, { marketVerdict: verdictOf(i + 1) });
  for (let i = 0; i < LISTINGS; i += 1) {
    const listing = randomListing();
    const t = performance.now();
    const matched = await findMatchingFilters(db, listing, now, { marketVerdict: verdictOf(i + 1) });
    times.push(performance.now() - t);
    found.push(matched.length);
  }
  // The same statement's time inside PostgreSQL, on as many other listings (up to 200): the machine's load shows as the
  // gap between this and the times above.
  const serverTimes: number[] = [];
  for (let i = 0; i < Math.min(200, LISTINGS); i += 1) {
    const { text, params } = sqlText(matchFiltersQuery(randomListing(), now));
    serverTimes.push(await executionMs(handle.client, text, params));
  }
  // The same predicate read by a full scan of the filters (index scans off), for comparison.
  const scans: number[] = [];
  const scanServer: number[] = [];
  const client = await handle.client.connect();
  try {
    await client.query('set enable_bitmapscan = off; set enable_indexscan = off; set enable_indexonlyscan = off');
    for (let i = 0; i < SCAN; i += 1) {
      const listing = randomListing();
      const { text, params } = sqlText(
        matchFiltersScanQuery(listing, await modelIdsOfBrand(db, listing.brand_id), now),
      );
      const t = performance.now();
      await client.query(text, params);
      scans.push(performance.now() - t);
      scanServer.push(await executionMs(client, text, params));
    }
  } finally {
    await client.query('reset all').catch(() => undefined);
    client.release();
  }
  const listing = randomListing();
  const { text, params } = sqlText(matchFiltersQuery(listing, now));
  const plan = await handle.client.query(`explain (analyze, buffers) ${text}`, params);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    meanFound: found.reduce((a, b) => a + b, 0) / found.length,
    maxFound: Math.max(...found),
    scanP50: pct(scans, 50),
    scanP99: pct(scans, 99),
    serverP50: pct(serverTimes, 50),
    serverP99: pct(serverTimes, 99),
    scanServerP50: pct(scanServer, 50),
    scanServerP99: pct(scanServer, 99),
    plan: plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'),
  };
}

async function benchDelivery(handle: PostgresDbHandle) {
  const { db } = handle;
  const startedAt = new Date();
  const arrivals = new Map<number, number[]>();
  const emulator = await startBotApiEmulator({
    onCall: (call) => {
      if (call.method !== 'sendMessage') return;
      const markup = JSON.stringify(call.payload['reply_markup']);
      const id = Number(/post_(\d+)/.exec(markup)?.[1]);
      arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
    },
  });
  const token = '123456789:AAE_bench-token-for-the-emulator-only';
  const worker = createNotifyWorker({
    db,
    log: { info: () => {}, error: (o, m) => console.error(m, o) },
    appName: 'АвтоРадар',
    links: { appUrl: 'https://autoradar.example', botUsername: 'autoradar_bench_bot', miniappShortName: 'app' },
    telegram: createNotifyTelegramApi({ token, apiUrl: emulator.url, limits: createTelegramLimits() }),
    concurrency: 32,
  });
  const events = createDomainEvents({ log: console, db });
  wakeOnPublishedListings(events, worker);
  worker.start();
  // Dedicated users on brand 9001 that no seeded filter names: each listing matches exactly `n` of them.
  const makeUsers = async (brand: number, n: number) => {
    const q = (text: string, params: unknown[] = []) => handle.client.query(text, params);
    await q('insert into brands (id, name) values ($1, $2) on conflict do nothing', [brand, `Бенч ${brand}`]);
    await q('delete from filters where brands = array[$1]::integer[]', [brand]);
    await q(`
      with u as (
        insert into users (telegram_id, first_name, is_pro, pro_expired)
        select ${brand} * 100000 + g + floor(random() * 1e6)::bigint * 1000000000, 'Бенч', true, now() + interval '1 day'
        from generate_series(1, ${n}) g returning id)
      insert into filters (user_id, name, brands, active, via) select id, 'Бенч', array[${brand}], true, '{telegram}' from u`);
  };
  const publishOne = async (brand: number) => {
    const t = performance.now();
    const id = await changeListings({ db, events }, (l) =>
      publishListing(l, { channel: 'site', title: `Бенч ${brand}`, brandId: brand, price: 1_000_000 }, []),
    );
    return { id, t };
  };

  // Until `n` messages of the listing reached the emulator, or its deliveries are all settled (a send recorded as
  // unknown after a network error is never repeated, so it never arrives); returns how many did not arrive.
  const arrived = async (id: number, n: number) => {
    for (let polls = 0; (arrivals.get(id)?.length ?? 0) < n; polls += 1) {
      await new Promise((r) => setTimeout(r, 10));
      if (polls % 20 !== 19) continue;
      const { rows } = await handle.client.query<{ open: number; done: boolean }>(
        `select (select count(*)::int from deliveries where post_id = $1 and status in ('pending', 'sending')) as open,
                exists (select 1 from notify_jobs where post_id = $1 and done_at is not null) as done`,
        [id],
      );
      if (rows[0]!.done && rows[0]!.open === 0) break;
    }
    return n - (arrivals.get(id)?.length ?? 0);
  };
  let lost = 0;

  await makeUsers(9001, 30);
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (let i = 0; i < LATENCY; i += 1) {
    const { id, t } = await publishOne(9001);
    lost += await arrived(id, 30);
    const got = arrivals.get(id)!;
    firsts.push(got[0]! - t);
    lasts.push(got[got.length - 1]! - t);
    // The next listing goes to the same 30 chats: wait out Telegram's 1 message per second per chat.
    await new Promise((r) => setTimeout(r, 1_050));
  }

  await makeUsers(9002, RATE);
  const { id, t } = await publishOne(9002);
  lost += await arrived(id, RATE);
  const got = arrivals.get(id)!;
  const rate = (got.length - 1) / ((got[got.length - 1]! - got[0]!) / 1000);
  const { rows: unsent } = await handle.client.query<{ status: string; error: string | null; n: number }>(
    `select d.status, d.error, count(*)::int as n from deliveries d join posts p on p.id = d.post_id
     where p.brand_id in (9001, 9002) and d.status <> 'sent' and d.created_at >= $1 group by 1, 2`,
    [startedAt],
  );
  await worker.stop();
  await emulator.close();
  return {
    firstP50: pct(firsts, 50),
    firstP99: pct(firsts, 99),
    lastP50: pct(lasts, 50),
    lastP99: pct(lasts, 99),
    rate,
    total: (got[got.length - 1]! - t) / 1000,
    lost,
    unsent,
  };
}

await ensureDatabase();
const handle = (await createDb({ databaseUrl: url, dataDir: '/tmp' })) as PostgresDbHandle;
await migrateDb(handle);
await seed(handle);
// Index-only scans need the visibility map of the freshly written keys (autovacuum does this in production).
await handle.client.query('vacuum analyze filter_match_keys');
const m = await benchMatcher(handle);
console.log(
  `Подбор фильтров (${FILTERS} фильтров, ${LISTINGS} объявлений): p50 ${ms(m.p50)}, p99 ${ms(m.p99)}; ` +
    `найдено в среднем ${m.meanFound.toFixed(1)}, максимум ${m.maxFound}`,
);
console.log(
  `Полный просмотр фильтров (то же правило по всем фильтрам, без индексов, ${SCAN} объявлений): ` +
    `p50 ${ms(m.scanP50)}, p99 ${ms(m.scanP99)}; p50 в ${(m.scanP50 / m.p50).toFixed(0)} раз медленнее, ` +
    `p99 в ${(m.scanP99 / m.p99).toFixed(0)} раз, p50 просмотра / p99 ключей: ${(m.scanP50 / m.p99).toFixed(0)}`,
);
console.log(
  `Время внутри PostgreSQL (EXPLAIN ANALYZE): подбор p50 ${ms(m.serverP50)}, p99 ${ms(m.serverP99)}; ` +
    `полный просмотр p50 ${ms(m.scanServerP50)}, p99 ${ms(m.scanServerP99)}; ` +
    `p50 в ${(m.scanServerP50 / m.serverP50).toFixed(0)} раз, p99 в ${(m.scanServerP99 / m.serverP99).toFixed(0)} раз`,
);
console.log(m.plan);
const d = await benchDelivery(handle);
console.log(
  `Публикация -> вызов Telegram, 30 подходящих пользователей (${LATENCY} объявлений): первое сообщение p50 ` +
    `${ms(d.firstP50)}, p99 ${ms(d.firstP99)}; тридцатое p50 ${ms(d.lastP50)}, p99 ${ms(d.lastP99)}`,
);
console.log(
  `Скорость доставки (${RATE} чатов, лимиты Telegram включены): ${d.rate.toFixed(1)} сообщений/с, ` +
    `всё за ${d.total.toFixed(1)} с`,
);
console.log(
  `Не дошло до эмулятора: ${d.lost}` +
    d.unsent.map((r) => `; ${r.status} x${r.n}${r.error ? ` (${r.error})` : ''}`).join(''),
);
await handle.close();
