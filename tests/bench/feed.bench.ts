// The feed on a million listings: `pnpm --filter @autoradar/tests bench:feed` (figures go to docs/performance.md).
// Seeds (or reuses) its own PostgreSQL database, starts the API exactly as production does, and drives it over HTTP
// with autocannon from 127.0.0.1. Reports requests/s and p50/p99 latency per query next to GET /api/health, and
// EXPLAIN ANALYZE of each query's SQL. It asserts nothing.
//
// Options: --count=1000000  --duration=10 (seconds per case)  --connections=64  --reseed  --explain-only
//          --sql-only (the SQL alone)  --sql-bodies=1000  --mix-bodies=30000  --cache-off-only
//          --mix-only (cache off; health, the distinct mix and the plain handler only; no SQL timing, no EXPLAIN)
//          --cpu-prof=<dir> (the API process writes a V8 CPU profile there when it stops: `node --cpu-prof`; health
//          is then left out, so the profile holds the feed's requests alone)
import autocannon from 'autocannon';
import { countQuery, countUpToQuery, feedCountQuery } from '@autoradar/api/modules/posts/feed-sql/count';
import { feedPageQuery } from '@autoradar/api/modules/posts/feed-sql/page';
import { renderQuery } from '@autoradar/api/modules/posts/feed-sql/render';
import {
  resolveFilter,
  olderCursor,
  toTimestampParam,
  type SearchInput,
} from '@autoradar/api/modules/posts/posts.service';
import { FEED_PAGE_SIZE } from '@autoradar/core';
import type { PostgresDbHandle } from '@autoradar/db';
import { startServer } from '../support/server';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { distinctMix, type MixBody } from './feed-mix';
import type { PlainBody } from './feed-plain';
import { BENCH_DATABASE_URL, BENCH_TEXT_QUERY, ensureBenchData } from './feed-seed';
import { benchPostsContext, timeSql } from './feed-sql';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const count = arg('count', 1_000_000);
const duration = arg('duration', 10);
const connections = arg('connections', 64);
const reseed = process.argv.includes('--reseed');
const explainOnly = process.argv.includes('--explain-only');
const sqlOnly = process.argv.includes('--sql-only');
const cacheOffOnly = process.argv.includes('--cache-off-only');
const sqlBodies = arg('sql-bodies', 1_000);
const mixBodies = arg('mix-bodies', 30_000);
const mixOnly = process.argv.includes('--mix-only');
const cpuProfDir = process.argv.find((a) => a.startsWith('--cpu-prof='))?.split('=')[1];

/** Page and count statements the API runs for each body, as a guest (what the plain handler replays). */
async function plainStatements(handle: PostgresDbHandle, bodies: MixBody[]): Promise<PlainBody[]> {
  const ctx = benchPostsContext(handle);
  const viewer = { user: null, now: new Date() };
  const out: PlainBody[] = [];
  for (const body of bodies) {
    const filter = await resolveFilter(ctx, body, viewer);
    const older = olderCursor(body);
    const page = await feedPageQuery(handle.db, filter, { older, limit: FEED_PAGE_SIZE });
    const count = renderQuery(countUpToQuery(await feedCountQuery(handle.db, filter), 1_000));
    out.push({ page, count, cursor: older !== null });
  }
  return out;
}

async function startPlain(file: string): Promise<{ url: string; pid: number; stop(): void }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed-plain.ts', file, String(port)], {
    env: { ...process.env, DATABASE_URL: BENCH_DATABASE_URL },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/**
 * A module the API imports first that records a V8 CPU profile of the whole process and writes it on exit (Node
 * refuses `--cpu-prof` in NODE_OPTIONS, and the API is started by tests/support/server.ts). Open it in Chrome DevTools
 * or speedscope.
 */
function cpuProfiler(dir: string): string {
  const file = join(tmpdir(), `feed-cpu-prof-${process.pid}.mjs`);
  writeFileSync(
    file,
    `import { Session } from 'node:inspector';
import { readFileSync, writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, res) => {
    if (!err) writeFileSync(${JSON.stringify(dir)} + '/api-' + process.pid + '.cpuprofile', JSON.stringify(res.profile));
  });
});
`,
  );
  return file;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Another server than the API's (the plain handler). */
  url?: string;
  /** Bodies sent in turn (several, so a per-filter cache cannot answer every request). */
  bodies: object[];
}

async function one<T>(handle: PostgresDbHandle, text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await handle.client.query(text, params);
  return rows[0] as T;
}

async function buildCases(handle: PostgresDbHandle): Promise<Case[]> {
  const brand = async (name: string) =>
    (await one<{ id: number }>(handle, `select id from brands where name = $1 and kind = 'car'`, [name])).id;
  const model = async (brandId: number, name: string) =>
    (await one<{ id: number }>(handle, 'select id from models where brand_id = $1 and name = $2', [brandId, name])).id;
  const toyota = await brand('Toyota');
  const kia = await brand('Kia');
  const hyundai = await brand('Hyundai');
  const lada = await brand('LADA');
  const filters = [
    {
      brands: [toyota],
      models: [await model(toyota, 'Camry')],
      priceFrom: 500_000,
      priceTo: 3_000_000,
      yearFrom: 2008,
      yearTo: 2020,
    },
    {
      brands: [toyota],
      models: [await model(toyota, 'Corolla')],
      priceFrom: 300_000,
      priceTo: 2_000_000,
      yearFrom: 2005,
      yearTo: 2018,
    },
    {
      brands: [kia],
      models: [await model(kia, 'Rio')],
      priceFrom: 300_000,
      priceTo: 1_500_000,
      yearFrom: 2011,
      yearTo: 2022,
    },
    {
      brands: [hyundai],
      models: [await model(hyundai, 'Solaris')],
      priceFrom: 400_000,
      priceTo: 1_800_000,
      yearFrom: 2012,
      yearTo: 2023,
    },
    {
      brands: [lada],
      models: [await model(lada, 'Granta')],
      priceFrom: 200_000,
      priceTo: 1_000_000,
      yearFrom: 2012,
      yearTo: 2024,
    },
    {
      brands: [lada],
      models: [await model(lada, 'Vesta')],
      priceFrom: 500_000,
      priceTo: 1_500_000,
      yearFrom: 2015,
      yearTo: 2024,
    },
  ];
  const { rows: cities } = await handle.client.query<{ id: number }>(
    'select id from cities order by population desc nulls last, id limit 20',
  );
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
    {
      name: 'Марка + модель + цена + год (6 фильтров по очереди)',
      method: 'POST',
      path: '/api/posts/search',
      bodies: filters,
    },
    {
      name: 'Город (20 городов по очереди)',
      method: 'POST',
      path: '/api/posts/search',
      bodies: cities.map((c) => ({ cities: [c.id] })),
    },
    {
      name: `Текст «${BENCH_TEXT_QUERY}»`,
      method: 'POST',
      path: '/api/posts/search',
      bodies: [{ search: BENCH_TEXT_QUERY }],
    },
    {
      name: 'Глубокая страница (курсор на 500 000-м объявлении)',
      method: 'POST',
      path: '/api/posts/search',
      bodies: [{ older_published_at: deep.published_at, olderId: Number(deep.id) }],
    },
    {
      name: 'count-new за 2 часа',
      method: 'POST',
      path: '/api/posts/count-new',
      bodies: [{ latest_published_at: latest }],
    },
  ];
}

/** EXPLAIN ANALYZE of the page and count statements the API runs for a body, as a guest. */
async function explain(handle: PostgresDbHandle, c: Case): Promise<{ seqScanOnPosts: boolean; ms: number[] }> {
  const ctx = benchPostsContext(handle);
  const body = c.bodies[0] as SearchInput & { latest_published_at?: string };
  const viewer = { user: null, now: new Date() };
  const filter = await resolveFilter(ctx, body, viewer);
  const statements: { label: string; query: { sql: string; params: unknown[] } }[] = [];
  if (c.path.endsWith('/count-new')) {
    const newer = await feedCountQuery(handle.db, filter, {
      publishedAt: toTimestampParam(body.latest_published_at!),
      id: null,
    });
    statements.push({ label: 'count-new', query: renderQuery(countUpToQuery(newer, 1_000)) });
  } else {
    const older = olderCursor(body);
    statements.push({
      label: 'page',
      query: await feedPageQuery(handle.db, filter, { older, limit: FEED_PAGE_SIZE }),
    });
    statements.push({
      label: 'meta.total',
      query: renderQuery(countUpToQuery(await feedCountQuery(handle.db, filter), 1_000)),
    });
    const all = await resolveFilter(ctx, {}, viewer);
    statements.push({ label: 'meta.all', query: renderQuery(countUpToQuery(countQuery(all), 1_000)) });
  }
  let seqScanOnPosts = false;
  const ms: number[] = [];
  for (const { label, query } of statements) {
    const { rows } = await handle.client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
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
    url: `${c.url ?? url}${c.path}`,
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
// The SQL alone over distinct bodies, one at a time (its own seed, so these bodies differ from the load's).
const sqlFigures = mixOnly
  ? null
  : await timeSql(handle, await distinctMix(handle, sqlBodies, 2121), { explainSlowest: 3 });
if (sqlOnly) {
  await handle.close();
  process.exit(0);
}
const cases = mixOnly ? [] : await buildCases(handle);
const plans = new Map<string, { seqScanOnPosts: boolean; ms: number[] }>();
for (const c of cases) plans.set(c.name, await explain(handle, c));
// The distinct mix: more bodies than a run sends, so no body repeats and no cache can answer.
const mix = await distinctMix(handle, mixBodies, 21);
const mixCase: Case = {
  name: `Разные фильтры (${mixBodies} разных тел)`,
  method: 'POST',
  path: '/api/posts/search',
  bodies: mix,
};
// The same statements the API runs for the first bodies of the mix, for the plain Fastify + pg handler.
const plainFile = join(tmpdir(), `feed-plain-${process.pid}.json`);
writeFileSync(plainFile, JSON.stringify(await plainStatements(handle, mix.slice(0, 3_000))));
await handle.close();
console.log(`SQL отдельно: ${JSON.stringify(sqlFigures)}`);

if (!explainOnly) {
  // Twice: the query path itself (answer cache off), then the default start (identical requests share an answer for 1 s).
  const modes = [
    ['кэш ответов выключен (FEED_CACHE_TTL_MS=0)', '0'],
    ['кэш ответов 1 с (по умолчанию)', '1000'],
  ] as const;
  for (const [mode, ttl] of cacheOffOnly || mixOnly ? modes.slice(0, 1) : modes) {
    // The machine's load, before each configuration (the benchmark shares its cores with whatever else runs).
    console.log(
      `load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} (${cpus().length} ядра)`,
    );
    const server = await startServer({
      DATABASE_URL: BENCH_DATABASE_URL,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      FEED_CACHE_TTL_MS: ttl,
      ...(cpuProfDir ? { NODE_OPTIONS: `--import=${cpuProfiler(cpuProfDir)}` } : {}),
    });
    try {
      const health: Case = {
        name: 'GET /api/health (потолок: ping базы)',
        method: 'GET',
        path: '/api/health',
        bodies: [],
      };
      const rows: string[] = [];
      let healthRps = 0;
      const plain = ttl === '0' ? await startPlain(plainFile) : null;
      const plainCase: Case | null = plain
        ? {
            name: 'Простой Fastify + pg, тот же SQL разных фильтров',
            method: 'POST',
            path: '/plain',
            url: plain.url,
            bodies: [{}],
          }
        : null;
      let mixRps = 0;
      // With a profile, the API serves the mix alone (health's ~20 000 pings would fill the profile).
      for (const c of [...(cpuProfDir ? [] : [health]), ...cases, mixCase, ...(plainCase ? [plainCase] : [])]) {
        const warm = await load(server.url, c, 2); // warm-up: JIT, pool, caches of PostgreSQL pages
        // The serving process's CPU per request: the API's, or the plain handler's for its case.
        const pid = c === plainCase ? plain?.pid : server.child.pid;
        const cpuBefore = cpuMs(pid);
        const r = await load(server.url, c, duration);
        const cpuPerRequest = (cpuMs(pid) - cpuBefore) / r.requests.total;
        console.log(`${c.name}: ЦП процесса ${cpuPerRequest.toFixed(2)} мс на запрос (${r.requests.total} запросов)`);
        // Requests in all, warm-up included: divides a profile's CPU time (--cpu-prof).
        if (cpuProfDir) console.log(`${c.name}: ${warm.requests.total + r.requests.total} запросов с прогревом`);

        if (c === health) healthRps = r.requests.average;
        if (c === mixCase) mixRps = r.requests.average;
        if (c === plainCase)
          console.log(`разные фильтры API / простой обработчик: ${Math.round((mixRps / r.requests.average) * 100)} %`);
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
      plain?.stop();
    } finally {
      await server.stop();
    }
  }
}
// The statements handed to the plain handler (~19 MB) and the profiler's module are this run's alone.
rmSync(plainFile, { force: true });
rmSync(join(tmpdir(), `feed-cpu-prof-${process.pid}.mjs`), { force: true });
