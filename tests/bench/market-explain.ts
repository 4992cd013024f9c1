// The market estimates' full pass on the bench:market database (issue 33), rolled back so the table stays as it was:
// `node --import tsx bench/market-explain.ts [--empty]` after `bench:market --seed-only`. Prints where the pass's wall
// time went (reading the market, estimating in this process, reading the stored estimates, writing), the CPU time of
// the PostgreSQL backend that ran it (from /proc: on a loaded machine the wall time says little) and this process's.
// The table is vacuumed first, so rolled-back runs leave nothing behind.
// --empty: the table is truncated inside the rolled-back transaction first (the pass from empty, measured alone).
// --cpu-prof under node profiles this process's share (`node --cpu-prof --import tsx bench/market-explain.ts`).
import { readFileSync } from 'node:fs';
import { createDb, type PostgresDbHandle } from '@autoradar/db';
import { recomputeMarket, type RecomputeResult } from '@autoradar/server/market/recompute-market';

const url = process.env['MARKET_BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/market_bench';
const empty = process.argv.includes('--empty');
const handle = (await createDb({ databaseUrl: url, dataDir: '.' })) as PostgresDbHandle;
/** utime + stime of a process in seconds (Linux clock ticks of 1/100 s). */
const cpu = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
class Rollback extends Error {}
try {
  await handle.client.query('vacuum market_estimates');
  let report = '';
  await handle.db
    .transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = Number(rows[0]!.pid);
      if (empty) await tx.execute('truncate market_estimates');
      const [backendBefore, ownBefore] = [cpu(pid), ownCpu()];
      let [backendAt, ownAt] = [backendBefore, ownBefore];
      const phaseCpu: string[] = [];
      const started = performance.now();
      const result: RecomputeResult = await recomputeMarket(tx, {
        now: new Date(),
        onPhase: (phase) => {
          const [backend, own] = [cpu(pid), ownCpu()];
          phaseCpu.push(`| ${phase} | ${(backend - backendAt).toFixed(1)} s | ${(own - ownAt).toFixed(1)} s |`);
          [backendAt, ownAt] = [backend, own];
        },
      });
      const wall = (performance.now() - started) / 1000;
      const phases = Object.entries(result.timings)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
        .join(', ');
      report =
        `${JSON.stringify({ ...result, timings: undefined })}\n` +
        `[market] wall ${wall.toFixed(1)} s (${phases}), backend CPU ${(cpu(pid) - backendBefore).toFixed(1)} s, ` +
        `this process ${(ownCpu() - ownBefore).toFixed(1)} s\n| phase | backend CPU | this process's CPU |\n|---|---|---|\n` +
        phaseCpu.join('\n');
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  console.log(report);
} finally {
  await handle.close();
}
