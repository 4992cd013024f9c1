import { and, desc, eq } from 'drizzle-orm';
import type { VinFacts } from '@autoradar/contract';
import { orderParts, orders, posts, type Db } from '@autoradar/db';

// The facts a listing page shows from a completed VIN report (issue 33). THE one place that decides what of a report
// a buyer may read: owners' count, registration years, whether restrictions exist, whether an OSAGO policy is active.
// Names, owner kinds, plates, policy numbers, insurers, authorities and documents never leave this file.

const yearOf = (date: unknown): number | null => {
  const year = typeof date === 'string' ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 1900 ? year : null;
};

const listOf = (value: unknown): Record<string, unknown>[] | null =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && !!item)
    : null;

/** The buyer's facts of a report's completed sections (key -> value); null when none of them is there. */
export function toVinFacts(sections: Partial<Record<string, unknown>>, checkedAt: Date): VinFacts | null {
  const periods = listOf(sections['ownershipPeriods']);
  const restrictions = listOf(sections['restrictions']);
  const osago = listOf(sections['osago']);
  if (!periods && !restrictions && !osago) return null;
  const years = (periods ?? [])
    .map((p) => ({ from: yearOf(p['startDate']), to: p['endDate'] ? yearOf(p['endDate']) : null }))
    .filter((p): p is { from: number; to: number | null } => p.from !== null)
    .sort((a, b) => a.from - b.from)
    .slice(0, 50);
  return {
    owners: periods ? periods.length : null,
    registration_years: years,
    restrictions_found: restrictions ? restrictions.length > 0 : null,
    osago_active: osago ? osago.some((policy) => policy['isActive'] === true) : null,
    checked_at: checkedAt.toISOString(),
  };
}

/** The facts of the latest completed report ordered for this VIN; null without one. */
export async function findVinFacts(db: Db, vin: string): Promise<VinFacts | null> {
  const [order] = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.string, vin), eq(orders.status, 'completed')))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!order) return null;
  const parts = await db
    .select({ key: orderParts.key, value: orderParts.value })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, order.id), eq(orderParts.status, 'completed')));
  return toVinFacts(Object.fromEntries(parts.map((part) => [part.key, part.value])), order.createdAt);
}

/** The facts for a listing: of its VIN's report, when it states a VIN and one exists. */
export async function findListingVinFacts(db: Db, postId: number): Promise<VinFacts | null> {
  const [post] = await db.select({ vin: posts.vin }).from(posts).where(eq(posts.id, postId));
  return post?.vin ? findVinFacts(db, post.vin) : null;
}
