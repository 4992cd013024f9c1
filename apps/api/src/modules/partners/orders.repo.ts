import { and, desc, eq, inArray } from 'drizzle-orm';
import { REPORT_SECTION_KEYS, REPORT_SECTION_TITLES } from '@autoradar/core';
import { orderParts, orders, type Db, type Order, type OrderPart } from '@autoradar/db';
import { currentRequestId } from '@autoradar/server/runtime/request-context';

export interface OrderWithParts {
  order: Order;
  parts: OrderPart[];
}

/** A new order and one part per report section, together. */
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

/** A partner's orders, newest first, each with its parts. */
export async function listOrders(db: Db, partnerId: number): Promise<OrderWithParts[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.partnerId, partnerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const parts = await db
    .select()
    .from(orderParts)
    .where(
      inArray(
        orderParts.orderId,
        rows.map((r) => r.id),
      ),
    );
  const byOrder = new Map<number, OrderPart[]>();
  for (const part of parts) byOrder.set(part.orderId, [...(byOrder.get(part.orderId) ?? []), part]);
  return rows.map((order) => ({ order, parts: byOrder.get(order.id) ?? [] }));
}

export async function findOrder(db: Db, partnerId: number, orderId: number): Promise<OrderWithParts | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) return undefined;
  const parts = await db.select().from(orderParts).where(eq(orderParts.orderId, orderId));
  return { order, parts };
}

/**
 * Refresh: a failed order goes back to the queue with only its failed sections reset; completed sections keep
 * their values. Returns false when the order was not failed (nothing to re-run, or a worker holds it).
 */
export function requeueFailedSections(db: Db, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'new', report: null, lockedBy: null, lockedUntil: null })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'failed')))
      .returning({ id: orders.id });
    if (!order) return false;
    await tx
      .update(orderParts)
      .set({ status: 'new', value: null, error: null })
      .where(and(eq(orderParts.orderId, orderId), eq(orderParts.status, 'failed')));
    return true;
  });
}
