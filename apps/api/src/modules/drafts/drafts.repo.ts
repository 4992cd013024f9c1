import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  cities,
  draftContacts,
  draftMedia,
  drafts,
  type Db,
  type Draft,
  type DraftContact,
  type DraftMedia,
  type NewDraftMedia,
} from '@autoradar/db';

// Drafts, their photos and contacts, and the post a draft becomes. Functions take a Db or a transaction.

export async function findOpenDraft(db: Db, userId: number): Promise<Draft | undefined> {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.userId, userId), isNull(drafts.publishedPostId)))
    .limit(1);
  return row;
}

/** Inserts the user's open draft unless one exists (a unique partial index keeps one per user). */
export async function insertOpenDraft(db: Db, userId: number): Promise<void> {
  await db.insert(drafts).values({ userId }).onConflictDoNothing();
}

export async function findDraft(db: Db, id: number): Promise<Draft | undefined> {
  const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
  return row;
}

/** Locks the draft row until the transaction ends: uploads and saves of one draft run one after another. */
export async function lockDraft(tx: Db, id: number): Promise<Draft | undefined> {
  const [row] = await tx.select().from(drafts).where(eq(drafts.id, id)).for('update');
  return row;
}

export function listDraftMedia(db: Db, draftId: number): Promise<DraftMedia[]> {
  return db
    .select()
    .from(draftMedia)
    .where(eq(draftMedia.draftId, draftId))
    .orderBy(asc(draftMedia.position), asc(draftMedia.id));
}

export function listDraftContacts(db: Db, draftId: number): Promise<DraftContact[]> {
  return db.select().from(draftContacts).where(eq(draftContacts.draftId, draftId)).orderBy(asc(draftContacts.id));
}

export type DraftFieldsUpdate = Partial<
  Pick<
    Draft,
    | 'year'
    | 'mileage'
    | 'price'
    | 'city'
    | 'description'
    | 'brandId'
    | 'modelId'
    | 'generationId'
    | 'configurationId'
    | 'vin'
  >
>;

export async function updateDraftFields(tx: Db, id: number, fields: DraftFieldsUpdate): Promise<void> {
  await tx
    .update(drafts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(drafts.id, id));
}

/** Makes the draft's contacts exactly `contacts`: listed ids are updated, new rows inserted, the rest deleted. */
export async function replaceDraftContacts(
  tx: Db,
  draftId: number,
  contacts: readonly { id?: number; type: DraftContact['type']; value: string }[],
): Promise<void> {
  const existing = new Set((await listDraftContacts(tx, draftId)).map((c) => c.id));
  const kept = contacts.filter((c) => c.id !== undefined && existing.has(c.id));
  const keptIds = new Set(kept.map((c) => c.id!));
  const gone = [...existing].filter((id) => !keptIds.has(id));
  if (gone.length > 0) await tx.delete(draftContacts).where(inArray(draftContacts.id, gone));
  for (const c of kept) {
    await tx.update(draftContacts).set({ type: c.type, value: c.value }).where(eq(draftContacts.id, c.id!));
  }
  const fresh = contacts.filter((c) => c.id === undefined || !existing.has(c.id));
  if (fresh.length > 0)
    await tx.insert(draftContacts).values(fresh.map((c) => ({ draftId, type: c.type, value: c.value })));
}

export async function deleteDraftMedia(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(draftMedia).where(inArray(draftMedia.id, [...ids]));
}

export async function updateDraftMediaOrder(
  tx: Db,
  rows: readonly { id: number; main: boolean; position: number }[],
): Promise<void> {
  for (const row of rows) {
    await tx.update(draftMedia).set({ main: row.main, position: row.position }).where(eq(draftMedia.id, row.id));
  }
}

export async function insertDraftMedia(tx: Db, row: NewDraftMedia): Promise<DraftMedia> {
  const [inserted] = await tx.insert(draftMedia).values(row).returning();
  return inserted!;
}

/** The reference city the seller typed, by name (case-insensitive); the largest one when names repeat. */
export async function findCityIdByName(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(sql`lower(${cities.city}) = lower(${name.trim()})`)
    .orderBy(sql`${cities.population} desc nulls last`, asc(cities.id))
    .limit(1);
  return row?.id ?? null;
}

export async function markDraftPublished(tx: Db, draftId: number, postId: number): Promise<void> {
  await tx.update(drafts).set({ publishedPostId: postId, updatedAt: new Date() }).where(eq(drafts.id, draftId));
}
