// The soak of issue 31: mixed user traffic for an hour on the embedded default (`pnpm start`'s process: PGlite, demo
// listings), not in CI. `pnpm soak --minutes 60` (the default); `--minutes 5` for a short check, `--users 12`,
// `--interval 60` (seconds per reported interval), `--warmup 5` (minutes left out of the memory growth; at most a
// fifth of the run). Prints one line per interval (requests, errors, p50/p99, the server's RSS), then the verdict, and
// writes everything to test-results/soak/soak-<time>.json. Exits 1 when any request failed (a 5xx, an unexpected
// 4xx, no answer), when RSS grew 10 % or more after the warm-up (mean of the last quarter of the intervals against the
// first quarter), or when an interval's p99 after the warm-up was more
// than twice their median (p99 not steady). Figures in docs/reliability.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { EMPTY_FILTER_CRITERIA } from '@autoradar/core';
import { repoRoot } from '../support/server';
import { apiToken, callApi, startJourneyServer, type JourneyServer } from '../support/session';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = inline ? inline.split('=')[1] : at >= 0 ? process.argv[at + 1] : undefined;
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name}: ожидается положительное число`);
  return parsed;
};
const minutes = arg('minutes', 60);
const users = Math.round(arg('users', 12));
const intervalMs = arg('interval', 60) * 1000;
const warmupMs = Math.min(arg('warmup', 5), minutes / 5) * 60_000;
/** A pause between a user's requests, as a person reading a screen; random within ±50 %. */
const THINK_MS = 250;

interface Interval {
  from: number;
  requests: number;
  errors: number;
  latencies: number[];
  rssMb: number;
  /** The machine's 1-minute load average at the end of the interval (p99 follows it on a shared machine). */
  load: number;
}

interface Failure {
  at: number;
  what: string;
  status: number;
  body: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  console.log(
    `soak: ${minutes} min, ${users} users, intervals of ${intervalMs / 1000} s, warm-up ${warmupMs / 60_000} min`,
  );
  // Every limit raised: the whole traffic comes from one address, which real users never share.
  const server: JourneyServer = await startJourneyServer({ RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' }, 300_000);
  const pid = server.child.pid!;
  const intervals: Interval[] = [];
  const failures: Failure[] = [];
  const started = Date.now();
  const endAt = started + minutes * 60_000;
  let current: Interval = { from: 0, requests: 0, errors: 0, latencies: [], rssMb: 0, load: 0 };
  intervals.push(current);

  const tokens = await Promise.all(
    Array.from({ length: users }, (_, i) => apiToken(server, { id: 9_300_000 + i, first_name: `Соак ${i}` })),
  );
  const brands = (await callApi<{ data: { id: number }[] }>(server, null, 'GET', '/api/brands')).data.map((b) => b.id);
  const feed = await callApi<{ data: { id: number }[] }>(
    server,
    null,
    'POST',
    '/api/posts/search',
    EMPTY_FILTER_CRITERIA,
  );
  const postIds = feed.data.map((p) => p.id);
  if (postIds.length === 0) throw new Error('the demo feed is empty');

  /** One request; a 5xx, a network error or an unexpected status counts as an error. */
  const call = async (
    what: string,
    token: string | null,
    method: string,
    url: string,
    body?: unknown,
    expected: number[] = [200],
  ): Promise<unknown> => {
    const t0 = performance.now();
    let status = 0;
    let text: string;
    try {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'x-requested-with': 'XMLHttpRequest',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      text = String(error);
    }
    const interval = current;
    interval.requests++;
    interval.latencies.push(performance.now() - t0);
    if (!expected.includes(status)) {
      interval.errors++;
      if (failures.length < 50) failures.push({ at: Date.now() - started, what, status, body: text.slice(0, 300) });
      return undefined;
    }
    return text && text.startsWith('{') ? JSON.parse(text) : text;
  };

  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));

  /** A guest browsing: the feed (filtered, paged), a card, its page, the reference lists, the count of new. */
  const guest = async () => {
    while (Date.now() < endAt) {
      const criteria = { ...EMPTY_FILTER_CRITERIA, brands: Math.random() < 0.5 ? [pick(brands)] : [] };
      await call('feed', null, 'POST', '/api/posts/search', criteria);
      await think();
      const id = pick(postIds);
      await call('card', null, 'GET', `/api/posts/${id}`);
      await think();
      await call('page', null, 'GET', `/posts/${id}`);
      await think();
      await call('models', null, 'GET', `/api/models?car_brand_id=${pick(brands)}`, undefined, [200, 404]);
      await call('count-new', null, 'POST', '/api/posts/count-new', {
        ...criteria,
        latest_published_at: new Date(Date.now() - 86_400_000).toISOString(),
      });
      await think();
    }
  };

  /** A signed-in user: profile, the feed, favourites, a saved filter written and removed, a card. */
  const member = async (token: string, n: number) => {
    for (let round = 0; Date.now() < endAt; round++) {
      await call('user', token, 'GET', '/api/user/data');
      await think();
      await call('feed (user)', token, 'POST', '/api/posts/search', { ...EMPTY_FILTER_CRITERIA });
      await think();
      await call('notes', token, 'GET', '/api/notes');
      await call('filters', token, 'GET', '/api/user/filters');
      await think();
      const saved = (await call(
        'filter save',
        token,
        'POST',
        '/api/user/filters',
        {
          ...EMPTY_FILTER_CRITERIA,
          name: `Соак ${n}-${round}`,
          brands: [pick(brands)],
          active: false,
          send_mode: 'immediately',
          worktime_settings: null,
          via: ['telegram'],
        },
        [200, 201],
      )) as { data?: { id: number } } | undefined;
      await think();
      if (saved?.data?.id)
        await call('filter delete', token, 'DELETE', `/api/user/filters/${saved.data.id}`, undefined, [200, 204]);
      await call('card (user)', token, 'GET', `/api/posts/${pick(postIds)}`);
      await think();
    }
  };

  const ticker = setInterval(() => {
    current.rssMb = rssMb(pid);
    current.load = Number(loadavg()[0]!.toFixed(1));
    const done = current;
    const sorted = [...done.latencies].sort((a, b) => a - b);
    console.log(
      `${String(Math.round((Date.now() - started) / 60_000)).padStart(3)} min: ${done.requests} requests, ` +
        `${done.errors} errors, p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, ` +
        `RSS ${done.rssMb} MB, load ${loadavg()[0]!.toFixed(1)}`,
    );
    current = { from: Date.now() - started, requests: 0, errors: 0, latencies: [], rssMb: 0, load: 0 };
    intervals.push(current);
  }, intervalMs);

  const rssStart = rssMb(pid);
  await Promise.all([
    ...tokens.map((token, n) => member(token, n)),
    ...Array.from({ length: Math.max(1, Math.round(users / 2)) }, () => guest()),
  ]);
  clearInterval(ticker);
  current.rssMb = rssMb(pid);
  current.load = Number(loadavg()[0]!.toFixed(1));
  const alive = server.child.exitCode === null;
  await server.close();

  // The last interval is cut short by the end of the run: counted for errors, not for p99 or memory.
  const whole = intervals.filter((i) => i.requests > 0);
  const full = intervals.slice(0, -1).filter((i) => i.requests > 0);
  const afterWarmup = full.filter((i) => i.from >= warmupMs);
  const rows = whole.map((i) => {
    const sorted = [...i.latencies].sort((a, b) => a - b);
    return {
      minute: Math.round(i.from / 60_000),
      requests: i.requests,
      errors: i.errors,
      p50Ms: Math.round(quantile(sorted, 0.5)),
      p99Ms: Math.round(quantile(sorted, 0.99)),
      rssMb: i.rssMb,
      load: i.load,
    };
  });
  const steady = rows.filter((r) => afterWarmup.some((i) => Math.round(i.from / 60_000) === r.minute));
  // RSS saws up and down with the garbage collector (one sample a minute may catch a peak): the growth compares the
  // mean of the last quarter of the intervals after the warm-up with the mean of their first quarter.
  const quarter = Math.max(1, Math.floor(steady.length / 4));
  const mean = (values: number[]) => Math.round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length));
  const rssAfterWarmup = steady.length > 0 ? mean(steady.slice(0, quarter).map((r) => r.rssMb)) : rssStart;
  const rssEnd = steady.length > 0 ? mean(steady.slice(-quarter).map((r) => r.rssMb)) : rssStart;
  const rssMax = Math.max(rssStart, ...steady.map((r) => r.rssMb));
  const growth = (rssEnd - rssAfterWarmup) / rssAfterWarmup;
  const p99s = steady.map((r) => r.p99Ms).sort((a, b) => a - b);
  const p99Median = quantile(p99s, 0.5);
  const p99Max = p99s[p99s.length - 1] ?? 0;
  const errors = whole.reduce((sum, i) => sum + i.errors, 0);
  const requests = whole.reduce((sum, i) => sum + i.requests, 0);
  const verdict = {
    minutes,
    users,
    guests: Math.max(1, Math.round(users / 2)),
    requests,
    errors,
    serverAlive: alive,
    rssStartMb: rssStart,
    rssFirstQuarterAfterWarmupMb: rssAfterWarmup,
    rssLastQuarterMb: rssEnd,
    rssMaxAfterWarmupMb: rssMax,
    rssGrowthAfterWarmupPercent: Number((growth * 100).toFixed(1)),
    p99MedianMs: p99Median,
    p99MaxMs: p99Max,
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
  };
  const failed = [
    errors > 0 && `${errors} errors`,
    !alive && 'the server exited',
    growth >= 0.1 && `RSS grew ${verdict.rssGrowthAfterWarmupPercent} % after the warm-up`,
    p99s.length > 0 && p99Max > 2 * p99Median && `p99 not steady: ${p99Max} ms against a median of ${p99Median} ms`,
  ].filter(Boolean);
  const dir = path.join(repoRoot, 'test-results/soak');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ verdict, intervals: rows, failures }, null, 2));
  console.log(`\n${JSON.stringify(verdict)}`);
  for (const failure of failures.slice(0, 10)) console.log('failure:', JSON.stringify(failure));
  console.log(failed.length === 0 ? `soak passed (${file})` : `soak FAILED: ${failed.join('; ')} (${file})`);
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
