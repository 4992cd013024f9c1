// The feed on a million listings: `pnpm --filter @autoradar/tests bench:feed` (figures go to docs/performance.md).
// Seeds (or reuses) its own PostgreSQL database, starts the API exactly as production does, and drives it over HTTP
// with autocannon from 127.0.0.1. Reports requests/s and p50/p99 latency per query next to GET /api/health, and
// EXPLAIN ANALYZE of each query's SQL. It asserts nothing.
//
// Options: --count=1000000  --duration=10 (seconds per case)  --connections=64  --reseed  --explain-only
import autocannon from 'autocannon';
import { FeedCounter } from '@autoradar/api/modules/posts/feed-counter';
import { countQuery, countUpToQuery, feedPageQuery, renderQuery } from '@autoradar/api/modules/posts/posts.repo';
import { resolveFilter, TermCache, toTimestampParam, type PostsContext, type SearchInput } from '@autoradar/api/modules/posts/posts.service';
import { FEED_PAGE_SIZE } from '@autoradar/core';
import type { PostgresDbHandle } from '@autoradar/db';
import { startServer } from '../support/server';
import { BENCH_DATABASE_URL, BENCH_TEXT_QUERY, ensureBenchData } from './feed-seed';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const count = arg('count', 1_000_000);
const duration = arg('duration', 10);
const connections = arg('connections', 64);
const reseed = process.argv.includes('--reseed');
const explainOnly = process.argv.includes('--explain-only');

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Bodies sent in turn (several, so a per-filter cache cannot answer every request). */
  bodies: object[];
}

async function one<T>(handle: PostgresDbHandle, text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await handle.client.query(text, params);
  return rows[0] as T;
}

async function buildCases(handle: PostgresDbHandle): Promise<Case[]> {
  const brand = async (name: string) => (await one<{ id: number }>(handle, `select id from brands where name = $1 and kind = 'car'`, [name])).id;
  const model = async (brandId: number, name: string) =>
    (await one<{ id: number }>(handle, 'select id from models where brand_id = $1 and name = $2', [brandId, name])).id;
  const toyota = await brand('Toyota');
  const kia = await brand('Kia');
  const hyundai = await brand('Hyundai');
  const lada = await brand('LADA');
  const filters = [
    { brands: [toyota], models: [await model(toyota, 'Camry')], priceFrom: 500_000, priceTo: 3_000_000, yearFrom: 2008, yearTo: 2020 },
    { brands: [toyota], models: [await model(toyota, 'Corolla')], priceFrom: 300_000, priceTo: 2_000_000, yearFrom: 2005, yearTo: 2018 },
    { brands: [kia], models: [await model(kia, 'Rio')], priceFrom: 300_000, priceTo: 1_500_000, yearFrom: 2011, yearTo: 2022 },
    { brands: [hyundai], models: [await model(hyundai, 'Solaris')], priceFrom: 400_000, priceTo: 1_800_000, yearFrom: 2012, yearTo: 2023 },
    { brands: [lada], models: [await model(lada, 'Granta')], priceFrom: 200_000, priceTo: 1_000_000, yearFrom: 2012, yearTo: 2024 },
    { brands: [lada], models: [await model(lada, 'Vesta')], priceFrom: 500_000, priceTo: 1_500_000, yearFrom: 2015, yearTo: 2024 },
  ];
  const { rows: cities } = await handle.client.query<{ id: number }>('select id from cities order by population desc nulls last, id limit 20');
  // A page half-way down the visible feed: the keyset cursor of the listing 500 000 places from the top.
  const deep = await one<{ id: number; published_at: string }>(
    handle,
    `select id, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_at
     from posts where status = 'published' order by published_at desc, id desc offset $1 limit 1`,
    [Math.floor(count / 2)],
  );
  // A guest's newest visible listing is a day old; count what appeared in the two hours after it.
  const latest = new Date(Date.now() - 26 * 3_600_000).toISOString();
  return [
    { name: 'Первая страница без фильтра', method: 'POST', path: '/api/posts/search', bodies: [{}] },
    { name: 'Марка + модель + цена + год (6 фильтров по очереди)', method: 'POST', path: '/api/posts/search', bodies: filters },
    { name: 'Город (20 городов по очереди)', method: 'POST', path: '/api/posts/search', bodies: cities.map((c) => ({ cities: [c.id] })) },
    { name: `Текст «${BENCH_TEXT_QUERY}»`, method: 'POST', path: '/api/posts/search', bodies: [{ search: BENCH_TEXT_QUERY }] },
    {
      name: 'Глубокая страница (курсор на 500 000-м объявлении)',
      method: 'POST',
      path: '/api/posts/search',
      bodies: [{ older_published_at: deep.published_at, olderId: Number(deep.id) }],
    },
    { name: 'count-new за 2 часа', method: 'POST', path: '/api/posts/count-new', bodies: [{ latest_published_at: latest }] },
  ];
}

/** EXPLAIN ANALYZE of the page and count statements the API runs for a body, as a guest. */
async function explain(handle: PostgresDbHandle, c: Case): Promise<{ seqScanOnPosts: boolean; ms: number[] }> {
  const ctx: PostsContext = {
    db: handle.db,
    counter: new FeedCounter(handle.db, { cap: 1_000, ttlMs: 0, maxEntries: 1 }),
    terms: new TermCache({ ttlMs: 0, maxEntries: 100 }),
  };
  const body = c.bodies[0] as SearchInput & { latest_published_at?: string };
  const viewer = { user: null, now: new Date() };
  const filter = await resolveFilter(ctx, body, viewer);
  const statements: { label: string; query: { sql: string; params: unknown[] } }[] = [];
  if (c.path.endsWith('/count-new')) {
    const newer = countQuery(filter, { publishedAt: toTimestampParam(body.latest_published_at!), id: null });
    statements.push({ label: 'count-new', query: renderQuery(countUpToQuery(newer, 1_000)) });
  } else {
    const older = body.older_published_at ? { publishedAt: toTimestampParam(body.older_published_at), id: body.olderId ?? null } : null;
    statements.push({ label: 'page', query: feedPageQuery(handle.db, filter, { older, limit: FEED_PAGE_SIZE }).toSQL() });
    statements.push({ label: 'meta.total', query: renderQuery(countUpToQuery(countQuery(filter), 1_000)) });
    const all = await resolveFilter(ctx, {}, viewer);
    statements.push({ label: 'meta.all', query: renderQuery(countUpToQuery(countQuery(all), 1_000)) });
  }
  let seqScanOnPosts = false;
  const ms: number[] = [];
  for (const { label, query } of statements) {
    const { rows } = await handle.client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    if (/Seq Scan on posts\b/.test(plan)) seqScanOnPosts = true;
    ms.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN));
    console.log(`\n--- ${c.name}: ${label}\n${plan}`);
  }
  return { seqScanOnPosts, ms };
}

async function load(url: string, c: Case, seconds: number) {
  let turn = 0;
  const bodies = c.bodies.map((b) => JSON.stringify(b));
  return autocannon({
    url: `${url}${c.path}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: c.method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        ...(c.method === 'POST' ? { setupRequest: (req) => ({ ...req, body: bodies[turn++ % bodies.length] }) } : {}),
      },
    ],
  });
}

const handle = await ensureBenchData({ count, reseed });
const cases = await buildCases(handle);
const plans = new Map<string, { seqScanOnPosts: boolean; ms: number[] }>();
for (const c of cases) plans.set(c.name, await explain(handle, c));
await handle.close();

if (!explainOnly) {
  // Twice: the query path itself (answer cache off), then the default start (identical requests share an answer for 1 s).
  for (const [mode, ttl] of [
    ['кэш ответов выключен (FEED_CACHE_TTL_MS=0)', '0'],
    ['кэш ответов 1 с (по умолчанию)', '1000'],
  ] as const) {
    const server = await startServer({ DATABASE_URL: BENCH_DATABASE_URL, DEMO_DATA: 'false', LOG_LEVEL: 'warn', FEED_CACHE_TTL_MS: ttl });
    try {
      const health: Case = { name: 'GET /api/health (потолок: ping базы)', method: 'GET', path: '/api/health', bodies: [] };
      const rows: string[] = [];
      let healthRps = 0;
      for (const c of [health, ...cases]) {
        await load(server.url, c, 2); // warm-up: JIT, pool, caches of PostgreSQL pages
        const r = await load(server.url, c, duration);
        if (c === health) healthRps = r.requests.average;
        const failed = r.non2xx + r.errors;
        const plan = plans.get(c.name);
        const share = c === health ? '100 %' : `${Math.round((r.requests.average / healthRps) * 100)} %`;
        const sqlMs = plan ? plan.ms.map((m) => m.toFixed(2)).join(' / ') : '—';
        rows.push(
          `| ${c.name} | ${Math.round(r.requests.average).toLocaleString('ru-RU')} | ${share} | ${r.latency.p50} | ${r.latency.p99} | ${failed} | ${sqlMs} | ${plan ? (plan.seqScanOnPosts ? 'есть' : 'нет') : '—'} |`,
        );
        console.log(rows.at(-1));
      }
      console.log(
        `\n${count.toLocaleString('ru-RU')} объявлений, ${connections} соединений, ${duration} с на случай, гость (задержка 24 ч действует), ${mode}\n` +
          '| Запрос | запросов/с | от health | p50, мс | p99, мс | ошибок | SQL, мс (страница / total / all) | Seq Scan posts |\n' +
          '|---|---|---|---|---|---|---|---|\n' +
          rows.join('\n'),
      );
    } finally {
      await server.stop();
    }
  }
}
