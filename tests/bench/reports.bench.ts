// VIN report order figures for docs/performance.md: `pnpm --filter @autoradar/tests bench:reports`.
// Reports, asserts nothing. Providers answer from 127.0.0.1 at once, so the figures are the queue's own cost
// (claim, write the sections, settle the order, render the report), not a real provider's latency.
//
// 1. Worker throughput: N orders waiting, then W workers (2 loops each) over one database, until all completed.
// 2. Ordering through the API: POST /api/partners/:id/orders while the provider holds every answer, so the
//    request's time is its own and not the provider's.
import type { DbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { insertOrder } from '@autoradar/server/reports/order-queue';
import { insertPartner } from '@autoradar/api/modules/partners/partners.repo';
import { createOrderWorker } from '@autoradar/server/reports/order-worker';
import { createApiCloudProvider } from '@autoradar/server/reports/api-cloud.provider';
import { startFakeApiCloud } from '@autoradar/server/reports/testing/fake-api-cloud';
import { buildTestApp, signInAdmin, testConfig } from '@autoradar/api/testing/test-app';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const silent = { info: () => undefined, error: () => undefined };

async function throughput(handle: DbHandle, workers: number, apiUrl: string, token: string): Promise<string> {
  const { db } = handle;
  const partner = await insertPartner(db, { title: 'Bench', url: 'https://bench.example' });
  for (let i = 0; i < ORDERS; i++)
    await insertOrder(db, partner.id, `XTA2170308${String(i).padStart(7, '0')}`, new Date());
  const provider = createApiCloudProvider({ apiUrl, apiKey: token, timeoutMs: 10_000 });
  const started = performance.now();
  const running = Array.from({ length: workers }, () =>
    createOrderWorker({ db, provider, clock: () => new Date(), log: silent, pollIntervalMs: 50, leaseMs: 60_000 }),
  );
  for (const w of running) w.start();
  for (;;) {
    // Raw count: polling through the repo would load every order and compete with the workers for the connection.
    const client = handle.client as unknown as { query(text: string): Promise<{ rows: { n: number }[] }> };
    const { rows } = await client.query(`select count(*)::int as n from orders where status <> 'completed'`);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ms = performance.now() - started;
  await Promise.all(running.map((w) => w.stop()));
  return `${ORDERS} orders, ${workers} worker(s) × 2 loops: ${(ms / 1000).toFixed(2)} s, ${((ORDERS * 1000) / ms).toFixed(0)} orders/s`;
}

async function ordering(handle: DbHandle, apiUrl: string, token: string): Promise<string> {
  const app = await buildTestApp(handle, { config: testConfig({ REPORTS_API_URL: apiUrl, REPORTS_API_KEY: token }) });
  const admin = await signInAdmin(handle);
  const partner = await insertPartner(handle.db, { title: 'Bench API', url: 'https://bench.example' });
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/partners/${partner.id}/orders`,
      headers: admin.headers,
      payload: { string: `WVWZZZ1JZ3${String(i).padStart(7, '0')}`, partner_id: partner.id },
    });
    times.push(performance.now() - t);
    if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
  }
  await app.close();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return `${REQUESTS} POST /orders with the provider holding every answer: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
}

const fake = await startFakeApiCloud();
const targets = postgresUnavailableReason ? (['pglite'] as const) : (['pglite', 'postgres'] as const);
if (postgresUnavailableReason) console.log(`PostgreSQL skipped: ${postgresUnavailableReason}`);
for (const name of targets) {
  const open = () => createTestDb({ name });
  for (const workers of name === 'pglite' ? [1] : [1, 3]) {
    const handle = await open();
    console.log(`${name}: ${await throughput(handle, workers, fake.url, fake.token)}`);
    await handle.close();
  }
  const handle = await open();
  const release = fake.hold();
  console.log(`${name}: ${await ordering(handle, fake.url, fake.token)}`);
  release();
  await handle.close();
}
await fake.close();
