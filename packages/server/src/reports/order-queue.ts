import { and, asc, eq, inArray } from 'drizzle-orm';
import { REPORT_SECTION_KEYS, REPORT_SECTION_TITLES, type OrderStatus, type ReportSectionKey } from '@autoradar/core';
import { orderParts, orders, type Db, type Order, type OrderPart } from '@autoradar/db';
import { claimLeased } from '../jobs/claim';
import { renderReport } from './order-dto';
import type { SectionOutcomes } from './report.provider';
import { currentRequestId } from '../runtime/request-context';

// The durable queue is the orders table itself: an unfinished order (new or processing) is work, and a lease
// (locked_by, locked_until; the one claim in @autoradar/server/jobs/claim.ts) says which worker holds it. A crashed worker's lease runs out and another takes the order
// over; every write of a run checks that its worker still holds the lease, so a late worker cannot overwrite.

const UNFINISHED: OrderStatus[] = ['new', 'processing'];

export interface OrderWithParts {
  order: Order;
  parts: OrderPart[];
}

/** Enqueues an order: a new order and one part per report section, together (the worker claims it). */
export function insertOrder(db: Db, partnerId: number, vin: string, now: Date): Promise<OrderWithParts> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ partnerId, string: vin, status: 'new', requestId: currentRequestId(), createdAt: now })
      .returning();
    const parts = await tx
      .insert(orderParts)
      .values(
        REPORT_SECTION_KEYS.map((key) => ({
          orderId: order!.id,
          key,
          title: REPORT_SECTION_TITLES[key],
          status: 'new' as const,
        })),
      )
      .returning();
    return { order: order!, parts };
  });
}

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
    const [row] = await claimLeased(tx, orders, {
      key: orders.id,
      ready: inArray(orders.status, UNFINISHED),
      orderBy: [asc(orders.id)],
      limit: 1,
      workerId,
      now,
      leaseMs,
      set: { status: 'processing', updatedAt: now },
      returning: { id: orders.id, vin: orders.string, requestId: orders.requestId },
    });
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
