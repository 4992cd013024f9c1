// The feed's SQL alone, one request at a time, over distinct bodies (issue 21): what the repository runs for a page
// (and for meta.total), timed from the client, with p50/p90/p99, the slowest bodies and the plans of the slowest.
import { FeedCounter } from '@autoradar/api/modules/posts/feed-counter';
import { feedCountQuery } from '@autoradar/api/modules/posts/feed-sql/count';
import { feedPageQuery, findFeedPage } from '@autoradar/api/modules/posts/feed-sql/page';
import { resolveFilter, TermCache, olderCursor, type PostsContext } from '@autoradar/api/modules/posts/posts.service';
import { FEED_COUNT_EXACT_CAP } from '@autoradar/api/modules/posts/feed-counter';
import { FEED_PAGE_SIZE } from '@autoradar/core';
import type { PostgresDbHandle } from '@autoradar/db';
import { readFileSync } from 'node:fs';
import { shapeOf, type MixBody } from './feed-mix';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

export interface SqlTiming {
  body: MixBody;
  pageMs: number;
  totalMs: number;
  /** CPU time PostgreSQL's backends spent on the page and on the count (schedstat: robust to a busy machine). */
  pageCpuMs: number;
  totalCpuMs: number;
}

/**
 * CPU time (ms) the benchmark database's backends have used so far: /proc/<pid>/schedstat's first field, in ns, is
 * the time a process ran on a CPU — not the time it waited for one, which a busy machine adds to every wall clock.
 * NaN where /proc cannot be read (PostgreSQL on another machine).
 */
async function backendCpu(handle: PostgresDbHandle): Promise<() => number> {
  const { rows } = await handle.client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return () =>
    rows.reduce((sum, { pid }) => {
      try {
        return sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        return NaN;
      }
    }, 0);
}

/**
 * What the feed's use cases run with, for the benchmarks that call them directly: the database, a counter that keeps
 * no estimate (every count runs) and a fresh cache of search words.
 */
export function benchPostsContext(handle: PostgresDbHandle): PostsContext {
  return {
    db: handle.db,
    counter: new FeedCounter(handle.db, { cap: FEED_COUNT_EXACT_CAP, ttlMs: 0, maxEntries: 1 }),
    terms: new TermCache({ ttlMs: 60_000, maxEntries: 5_000 }),
  };
}

/** Times the page and the meta.total count of each body as a guest (the delay applies). */
export async function timeSql(handle: PostgresDbHandle, bodies: MixBody[], opts: { explainSlowest: number }) {
  const ctx = benchPostsContext(handle);
  const viewer = { user: null, now: new Date() };
  const run = async (body: MixBody) => {
    const filter = await resolveFilter(ctx, body, viewer);
    const older = olderCursor(body);
    const count = await feedCountQuery(handle.db, filter);
    const cpu = await backendCpu(handle);
    const c0 = cpu();
    const t0 = performance.now();
    const rows = await findFeedPage(handle.db, filter, { older, limit: FEED_PAGE_SIZE });
    const t1 = performance.now();
    const c1 = cpu();
    // As searchPosts: a first page that is not full is the count.
    if (older || rows.length === FEED_PAGE_SIZE)
      await ctx.counter.count(JSON.stringify(body), count, filter.terms.length > 0);
    const t2 = performance.now();
    const c2 = cpu();
    return { filter, older, pageMs: t1 - t0, totalMs: t2 - t1, pageCpuMs: c1 - c0, totalCpuMs: c2 - c1 };
  };
  // Warm-up: the caches of PostgreSQL's pages and of the term lookups (not counted).
  for (const body of bodies.slice(0, 50)) await run(body);
  const timings: SqlTiming[] = [];
  for (const body of bodies) {
    const { pageMs, totalMs, pageCpuMs, totalCpuMs } = await run(body);
    timings.push({ body, pageMs, totalMs, pageCpuMs, totalCpuMs });
  }
  const page = timings.map((t) => t.pageMs).sort((a, b) => a - b);
  const both = timings.map((t) => t.pageMs + t.totalMs).sort((a, b) => a - b);
  const fmt = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(2)} / p90 ${percentile(xs, 90).toFixed(2)} / p99 ${percentile(xs, 99).toFixed(2)} / max ${xs.at(-1)!.toFixed(2)} мс`;
  console.log(`\nSQL отдельно, ${bodies.length} разных тел по одному, гость:`);
  console.log(`  страница:            ${fmt(page)}`);
  console.log(`  страница + total:    ${fmt(both)}`);
  const pageCpu = timings.map((t) => t.pageCpuMs).sort((a, b) => a - b);
  const bothCpu = timings.map((t) => t.pageCpuMs + t.totalCpuMs).sort((a, b) => a - b);
  console.log(`  ЦП PostgreSQL, страница:         ${fmt(pageCpu)}`);
  console.log(`  ЦП PostgreSQL, страница + total: ${fmt(bothCpu)}`);
  console.log('  самые дорогие по ЦП PostgreSQL:');
  for (const t of [...timings].sort((a, b) => b.pageCpuMs + b.totalCpuMs - (a.pageCpuMs + a.totalCpuMs)).slice(0, 10))
    console.log(
      `   ${t.pageCpuMs.toFixed(1)} + ${t.totalCpuMs.toFixed(1)} мс ЦП  ${shapeOf(t.body)}  ${JSON.stringify(t.body)}`,
    );
  const slowest = [...timings].sort((a, b) => b.pageMs + b.totalMs - (a.pageMs + a.totalMs)).slice(0, 10);
  console.log('  самые медленные:');
  for (const t of slowest)
    console.log(
      `   ${t.pageMs.toFixed(1)} + ${t.totalMs.toFixed(1)} мс  ${shapeOf(t.body)}  ${JSON.stringify(t.body)}`,
    );
  for (const t of slowest.slice(0, opts.explainSlowest)) {
    const { filter, older } = await run(t.body);
    const q = await feedPageQuery(handle.db, filter, { older, limit: FEED_PAGE_SIZE });
    const { rows } = await handle.client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${q.sql}`,
      q.params,
    );
    console.log(`\n--- ${JSON.stringify(t.body)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  return {
    page: { p50: percentile(page, 50), p90: percentile(page, 90), p99: percentile(page, 99) },
    pageCpu: { p50: percentile(pageCpu, 50), p90: percentile(pageCpu, 90), p99: percentile(pageCpu, 99) },
    bothCpu: { p50: percentile(bothCpu, 50), p90: percentile(bothCpu, 90), p99: percentile(bothCpu, 99) },
    both: { p50: percentile(both, 50), p90: percentile(both, 90), p99: percentile(both, 99) },
  };
}
