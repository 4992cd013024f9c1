import { and, asc, eq, sql } from 'drizzle-orm';
import { filters, type Db, type Filter, type NewFilter } from '@autoradar/db';

// Saved filters; every query is scoped to the owner, so another user's id simply matches nothing.

export type FilterValues = Omit<NewFilter, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export function listFilters(db: Db, userId: number): Promise<Filter[]> {
  return db.select().from(filters).where(eq(filters.userId, userId)).orderBy(asc(filters.id));
}

export async function countFilters(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(filters)
    .where(eq(filters.userId, userId));
  return row?.n ?? 0;
}

export async function insertFilter(db: Db, userId: number, values: FilterValues): Promise<Filter> {
  const [row] = await db
    .insert(filters)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function updateFilter(
  db: Db,
  userId: number,
  id: number,
  values: Partial<FilterValues>,
): Promise<Filter | undefined> {
  const [row] = await db
    .update(filters)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning();
  return row;
}

export async function deleteFilter(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(filters)
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning({ id: filters.id });
  return rows.length > 0;
}
