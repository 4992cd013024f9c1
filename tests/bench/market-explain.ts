// The market estimates' full pass on the bench:market database (issue 33), rolled back so the table stays as it was:
// `node --import tsx bench/market-explain.ts [--analyze]` after `bench:market --seed-only`. Prints the wall time and the
// CPU time of the PostgreSQL backend that ran it (from /proc: on a loaded machine the wall time says little), and with
// --analyze the EXPLAIN ANALYZE plan. The table is vacuumed first, so rolled-back runs leave nothing behind.
// --empty: the table is truncated inside the rolled-back transaction first (the pass from empty, measured alone).
import { readFileSync } from 'node:fs';
import { createDb, type PostgresDbHandle } from '@autoradar/db';
import { sqlText } from '@autoradar/server/notify/match-filters';
import { recomputeStatement, RECOMPUTE_SETTINGS } from '@autoradar/server/market/recompute-market';

const url = process.env['MARKET_BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/market_bench';
const analyze = process.argv.includes('--analyze');
const empty = process.argv.includes('--empty');
const handle = (await createDb({ databaseUrl: url, dataDir: '.' })) as PostgresDbHandle;
const client = await handle.client.connect();
/** utime + stime of a process in seconds (Linux clock ticks of 1/100 s). */
const cpu = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
try {
  await client.query('vacuum market_estimates');
  const { rows: backend } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = backend[0]!.pid;
  await client.query('begin');
  for (const setting of RECOMPUTE_SETTINGS) await client.query(setting);
  if (empty) await client.query('truncate market_estimates');
  const { text, params } = sqlText(recomputeStatement(new Date(), null));
  const cpuBefore = cpu(pid);
  const started = performance.now();
  const { rows } = await client.query<Record<string, unknown>>(
    analyze ? `explain (analyze, buffers) ${text}` : text,
    params,
  );
  const wall = (performance.now() - started) / 1000;
  const used = cpu(pid) - cpuBefore;
  if (analyze) console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  else console.log(JSON.stringify(rows[0]));
  console.log(`[market] wall ${wall.toFixed(1)} s, backend CPU ${used.toFixed(1)} s`);
  await client.query('rollback');
} finally {
  client.release();
  await handle.close();
}
