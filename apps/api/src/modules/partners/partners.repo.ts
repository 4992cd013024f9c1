import { asc, eq } from 'drizzle-orm';
import { partners, type Db, type NewPartner, type Partner } from '@autoradar/db';

export function listPartners(db: Db): Promise<Partner[]> {
  return db.select().from(partners).orderBy(asc(partners.title), asc(partners.id));
}

export async function findPartner(db: Db, id: number): Promise<Partner | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row;
}

export async function insertPartner(db: Db, values: NewPartner): Promise<Partner> {
  const [row] = await db.insert(partners).values(values).returning();
  return row!;
}

export async function updatePartner(db: Db, id: number, values: Partial<NewPartner>): Promise<Partner | undefined> {
  const [row] = await db.update(partners).set(values).where(eq(partners.id, id)).returning();
  return row;
}

/** Lightweight existence check for the nested prompt and order routes. */
export async function partnerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
  return row !== undefined;
}
