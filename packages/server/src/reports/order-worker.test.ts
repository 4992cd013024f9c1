import { expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orderParts, orders } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { claimNextOrder, finishRun, insertOrder } from './order-queue';
import { createOrderWorker } from './order-worker';
import type { ReportProvider } from './report.provider';
import { createSandboxProvider } from './sandbox.provider';
import { insertTestPartner, testClock, waitFor } from './testing/order-fixtures';

// The durable queue: leases, take-over after a crash, several workers over one database.

const LEASE_MS = 120_000;
const silent = { info: () => undefined, error: () => undefined };

/** The sandbox, counting how often each VIN was asked for. */
function countingProvider(): ReportProvider & { asked: Map<string, number> } {
  const sandbox = createSandboxProvider();
  const asked = new Map<string, number>();
  return {
    ...sandbox,
    asked,
    async fetchSections(vin, keys, signal) {
      asked.set(vin, (asked.get(vin) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
      return sandbox.fetchSections(vin, keys, signal);
    },
  };
}

describeEachDb('order worker', (getDb) => {
  it('takes over an order whose worker crashed only once its lease has run out', async () => {
    const { db } = getDb();
    const clock = testClock();
    const partnerId = await insertTestPartner(getDb());
    const { order } = await insertOrder(db, partnerId, 'XTA21703080100001', clock());

    // A worker claims the order and dies without a word: its lease is all that is left.
    const crashed = await claimNextOrder(db, 'crashed-worker', clock(), LEASE_MS);
    expect(crashed).toMatchObject({ id: order.id, keys: ['baseInfo', 'ownershipPeriods', 'osago', 'restrictions'] });
    expect(await claimNextOrder(db, 'probe', clock(), LEASE_MS)).toBeUndefined();

    const provider = countingProvider();
    const worker = createOrderWorker({ db, provider, clock, log: silent, pollIntervalMs: 60_000, leaseMs: LEASE_MS });
    worker.start();
    try {
      clock.advance(LEASE_MS + 1);
      worker.wake();
      await waitFor(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
        return row?.status === 'completed' ? row : undefined;
      }, 'заказ перехвачен и завершён');
      // Everything left unfinished by the crashed run was asked for again, once.
      expect(provider.asked.get('XTA21703080100001')).toBe(1);
    } finally {
      await worker.stop();
    }

    // The crashed worker wakes up late: its lease is gone, so its results are not written.
    const late = await finishRun(db, order.id, 'crashed-worker', { baseInfo: { status: 'failed', error: 'поздно' } });
    expect(late).toBeUndefined();
    const [part] = await db.select().from(orderParts).where(eq(orderParts.orderId, order.id)).limit(1);
    expect(part?.status).toBe('completed');
  });

  it('lets several workers share the queue without asking for any order twice', async () => {
    const { db } = getDb();
    const clock = testClock();
    const partnerId = await insertTestPartner(getDb());
    const vins = Array.from({ length: 12 }, (_, i) => `XTA2170308020${String(i).padStart(4, '0')}`);
    const ids: number[] = [];
    for (const vin of vins) ids.push((await insertOrder(db, partnerId, vin, clock())).order.id);

    const provider = countingProvider();
    const workers = [1, 2, 3].map(() =>
      createOrderWorker({
        db,
        provider,
        clock,
        log: silent,
        pollIntervalMs: 60_000,
        leaseMs: LEASE_MS,
        concurrency: 2,
      }),
    );
    for (const w of workers) w.start();
    try {
      await waitFor(async () => {
        const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
        return rows.every((r) => r.status === 'completed') ? rows : undefined;
      }, 'все заказы завершены');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(vins.map((vin) => provider.asked.get(vin))).toEqual(vins.map(() => 1));
  });
});
