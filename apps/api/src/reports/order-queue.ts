import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { OrderStatus, ReportSectionKey } from '@autoradar/core';
import { orderParts, orders, type Db } from '@autoradar/db';
import { renderReport } from '../modules/partners/order-dto';
import type { SectionOutcomes } from './report.provider';

// The durable queue is the orders table itself: an unfinished order (new or processing) is work, and a lease
// (locked_by, locked_until) says which worker holds it. A crashed worker's lease runs out and another takes the order
// over; every write of a run checks that its worker still holds the lease, so a late worker cannot overwrite.

const UNFINISHED: OrderStatus[] = ['new', 'processing'];

export interface ClaimedOrder {
  id: number;
  vin: string;
  /** The sections this run asks for: those not finished yet (new, or processing when a run was cut short). */
  keys: ReportSectionKey[];
  /** The request that ordered it (issue 30), for the worker's log line. */
  requestId: string | null;
}

/**
 * Takes the oldest unfinished order nobody holds (SKIP LOCKED: instances never wait on each other) and marks it and
 * its unfinished sections processing, together, so a reader never sees one without the other.
 */
export async function claimNextOrder(
  db: Db,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedOrder | undefined> {
  return db.transaction(async (tx) => {
    const free = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, UNFINISHED), or(isNull(orders.lockedUntil), lte(orders.lockedUntil, now))))
      .orderBy(asc(orders.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await tx
      .update(orders)
      .set({ status: 'processing', lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(and(inArray(orders.id, free), inArray(orders.status, UNFINISHED)))
      .returning({ id: orders.id, vin: orders.string, requestId: orders.requestId });
    if (!row) return undefined;
    const parts = await tx
      .update(orderParts)
      .set({ status: 'processing', error: null })
      .where(and(eq(orderParts.orderId, row.id), inArray(orderParts.status, UNFINISHED)))
      .returning({ key: orderParts.key });
    return { ...row, keys: parts.map((p) => p.key) };
  });
}

/**
 * Records a run's outcomes and settles the order: completed (with its report file) when every section completed,
 * failed when any failed. Returns the new status, or undefined when the lease was lost and nothing was written.
 */
export async function finishRun(
  db: Db,
  orderId: number,
  workerId: string,
  outcomes: SectionOutcomes,
): Promise<OrderStatus | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.lockedBy, workerId)))
      .for('update');
    if (!order) return undefined;
    for (const [key, outcome] of Object.entries(outcomes) as [
      ReportSectionKey,
      NonNullable<SectionOutcomes[ReportSectionKey]>,
    ][]) {
      await tx
        .update(orderParts)
        .set(
          outcome.status === 'completed'
            ? { status: 'completed', value: outcome.value, error: null }
            : { status: 'failed', value: null, error: outcome.error },
        )
        .where(and(eq(orderParts.orderId, orderId), eq(orderParts.key, key)));
    }
    const parts = await tx.select().from(orderParts).where(eq(orderParts.orderId, orderId));
    const status: OrderStatus = parts.every((p) => p.status === 'completed')
      ? 'completed'
      : parts.some((p) => p.status === 'failed')
        ? 'failed'
        : 'processing';
    const report = status === 'completed' ? renderReport({ ...order, status }, parts) : null;
    await tx.update(orders).set({ status, report, lockedBy: null, lockedUntil: null }).where(eq(orders.id, orderId));
    return status;
  });
}

/** Gives an order back untouched (the worker is stopping), so the next start resumes it at once. */
export async function releaseOrder(db: Db, orderId: number, workerId: string): Promise<void> {
  await db
    .update(orders)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.lockedBy, workerId)));
}
