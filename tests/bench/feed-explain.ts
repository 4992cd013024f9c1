// The feed's SQL as PostgreSQL itself reports it, over distinct bodies (issue 21): EXPLAIN (ANALYZE, BUFFERS) of the
// page statement of every body, so the figures hold on a busy machine too — the server's planning and execution
// time, the buffers the statement touched (load-independent), whether JIT compiled it — with percentiles and the
// worst bodies by buffers and by time.
// `node --import tsx bench/feed-explain.ts [--bodies=1000] [--seed=2121] [--body='{"priceFrom":1}'] [--plan]
//   [--pro]` (the benchmark's database must be seeded: `bench:feed --sql-only` once).
import { feedPageQuery } from '@autoradar/api/modules/posts/feed-sql/page';
import { olderCursor, resolveFilter } from '@autoradar/api/modules/posts/posts.service';
import { FEED_PAGE_SIZE } from '@autoradar/core';
import { createDb, type PostgresDbHandle } from '@autoradar/db';
import { loadavg } from 'node:os';
import { distinctMix, shapeOf, type MixBody } from './feed-mix';
import { BENCH_DATABASE_URL } from './feed-seed';
import { benchPostsContext, percentile } from './feed-sql';

export interface ExplainFigures {
  body: MixBody;
  planningMs: number;
  executionMs: number;
  /** Shared buffers hit + read by the whole statement. */
  buffers: number;
  jit: boolean;
  /** The statements the page took (a page may need more than one). */
  statements: number;
  plan: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the repository runs for a body's page, as a guest or PRO. */
export async function explainBody(handle: PostgresDbHandle, body: MixBody, pro = false): Promise<ExplainFigures> {
  const ctx = benchPostsContext(handle);
  const viewer = { user: null, now: new Date() };
  const filter = await resolveFilter(ctx, body, viewer);
  if (pro) filter.cutoff = null;
  const older = olderCursor(body);
  const q = await feedPageQuery(handle.db, filter, { older, limit: FEED_PAGE_SIZE });
  const { rows } = await handle.client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  const first = /^\s*Buffers: (.*)$/m.exec(plan)?.[1] ?? '';
  const count = (kind: string) => Number(new RegExp(`shared ${kind}=(\\d+)`).exec(first)?.[1] ?? 0);
  return {
    body,
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    buffers: count('hit') + count('read'),
    jit: /^JIT:/m.test(plan),
    statements: 1,
    plan,
  };
}

/** A plan without the nodes that never ran (and without the init plans' and CTEs' headers left empty by that). */
export function executedOnly(plan: string): string {
  const out: string[] = [];
  let skipBelow = -1;
  for (const line of plan.split('\n')) {
    const indent = line.search(/\S/);
    if (skipBelow >= 0 && indent > skipBelow) continue;
    skipBelow = -1;
    if (line.includes('(never executed)')) {
      skipBelow = indent;
      continue;
    }
    out.push(line);
  }
  return out
    .filter(
      (line, i) =>
        !/^\s*(InitPlan|CTE|SubPlan) /.test(line) ||
        !/^\s*(InitPlan|CTE|SubPlan) |^\s*->/.test(out[i + 1] ?? '') ||
        (out[i + 1] ?? '').search(/\S/) > line.search(/\S/),
    )
    .join('\n');
}

export async function explainAll(handle: PostgresDbHandle, bodies: MixBody[], pro = false) {
  const out: ExplainFigures[] = [];
  for (const body of bodies.slice(0, 30)) await explainBody(handle, body, pro); // warm the caches
  for (const body of bodies) out.push(await explainBody(handle, body, pro));
  const stat = (label: string, xs: number[], unit: string) => {
    const s = [...xs].sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(28)} p50 ${percentile(s, 50).toFixed(2)} / p90 ${percentile(s, 90).toFixed(2)} / p99 ${percentile(s, 99).toFixed(2)} / max ${s.at(-1)!.toFixed(2)} ${unit}`,
    );
  };
  console.log(`\nEXPLAIN ANALYZE страницы, ${bodies.length} разных тел, ${pro ? 'PRO' : 'гость'}:`);
  stat(
    'планирование',
    out.map((x) => x.planningMs),
    'мс',
  );
  stat(
    'выполнение',
    out.map((x) => x.executionMs),
    'мс',
  );
  stat(
    'планирование + выполнение',
    out.map((x) => x.planningMs + x.executionMs),
    'мс',
  );
  stat(
    'буферы',
    out.map((x) => x.buffers),
    '',
  );
  console.log(`  JIT: ${out.filter((x) => x.jit).length} из ${out.length}`);
  const worst = (key: (x: ExplainFigures) => number, label: string) => {
    console.log(`  худшие по ${label}:`);
    for (const x of [...out].sort((a, b) => key(b) - key(a)).slice(0, 12))
      console.log(
        `   ${(x.planningMs + x.executionMs).toFixed(1).padStart(7)} мс ${String(x.buffers).padStart(7)} буф.${x.jit ? ' JIT' : ''}  ${shapeOf(x.body)}  ${JSON.stringify(x.body)}`,
      );
  };
  worst((x) => x.buffers, 'буферам');
  worst((x) => x.planningMs + x.executionMs, 'времени сервера');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const handle = (await createDb({ databaseUrl: BENCH_DATABASE_URL, dataDir: '.' })) as PostgresDbHandle;
  const pro = process.argv.includes('--pro');
  console.log(
    `load average: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  try {
    const one = arg('body');
    if (one) {
      const x = await explainBody(handle, JSON.parse(one) as MixBody, pro);
      const again = await explainBody(handle, JSON.parse(one) as MixBody, pro);
      console.log(process.argv.includes('--plan') ? executedOnly(again.plan) : '');
      console.log(
        `первый раз: ${x.planningMs} + ${x.executionMs} мс, ${x.buffers} буф.; второй: ${again.planningMs} + ${again.executionMs} мс, ${again.buffers} буф.${again.jit ? ', JIT' : ''}`,
      );
    } else {
      const bodies = await distinctMix(handle, Number(arg('bodies') ?? 1_000), Number(arg('seed') ?? 2121));
      await explainAll(handle, bodies, pro);
    }
  } finally {
    await handle.close();
  }
}
