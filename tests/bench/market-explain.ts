// EXPLAIN ANALYZE of the market estimates' full pass on the bench:market database (issue 33), rolled back so the
// table stays as it was: `node --import tsx bench/market-explain.ts` after `bench:market --seed-only`.
import { createDb, type PostgresDbHandle } from '@autoradar/db';
import { sqlText } from '@autoradar/server/notify/match-filters';
import { recomputeStatement, RECOMPUTE_SETTINGS } from '@autoradar/server/market/recompute-market';

const url = process.env['MARKET_BENCH_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/market_bench';
const handle = (await createDb({ databaseUrl: url, dataDir: '.' })) as PostgresDbHandle;
const client = await handle.client.connect();
try {
  await client.query('begin');
  for (const setting of RECOMPUTE_SETTINGS) await client.query(setting);
  const { text, params } = sqlText(recomputeStatement(new Date(), null));
  const started = performance.now();
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  console.log(`[market] ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.query('rollback');
} finally {
  client.release();
  await handle.close();
}
