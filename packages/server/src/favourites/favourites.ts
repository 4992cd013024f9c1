import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { NoteEntry, PricePoint } from '@autoradar/contract';
import { FEED_IDS_MAX } from '@autoradar/core';
import { notes, postPrices, posts, users, type Db } from '@autoradar/db';
import type { DomainEvents } from '../events/domain-events';

// Favourites on the server (issue 33): a signed-in user's set of listings, each with the price it had when added.
// Adding twice keeps the first (and its price); each change is announced as `notes.changed` so the user's other tabs
// and devices follow through their private channel. The browser's favourites are merged once, after sign-in.

export interface FavouritesDeps {
  db: Db;
  events: DomainEvents;
}

/** At most this many favourites per user (the cards' read takes this many ids). */
export const FAVOURITES_MAX = FEED_IDS_MAX;

type NoteRow = Pick<typeof notes.$inferSelect, 'postId' | 'priceWhenAdded' | 'currencyWhenAdded' | 'createdAt'>;

function toEntry(row: NoteRow): NoteEntry {
  return {
    id: row.postId,
    price_when_added: row.priceWhenAdded,
    currency_when_added: row.currencyWhenAdded,
    added_at: row.createdAt.toISOString(),
  };
}

const noteColumns = {
  postId: notes.postId,
  priceWhenAdded: notes.priceWhenAdded,
  currencyWhenAdded: notes.currencyWhenAdded,
  createdAt: notes.createdAt,
};

/** The user's favourites, oldest first (the latest added last). */
export async function listFavourites(db: Db, userId: number): Promise<NoteEntry[]> {
  const rows = await db
    .select(noteColumns)
    .from(notes)
    .where(eq(notes.userId, userId))
    .orderBy(asc(notes.createdAt), asc(notes.postId))
    .limit(FAVOURITES_MAX);
  return rows.map(toEntry);
}

export type AddFavouriteResult = { kind: 'added' | 'kept'; note: NoteEntry } | { kind: 'not-found' | 'full' };

/** Adds a published listing with its current price; a listing already there keeps its first price. */
export async function addFavourite(
  deps: FavouritesDeps,
  userId: number,
  postId: number,
  now: Date,
): Promise<AddFavouriteResult> {
  const { db } = deps;
  const [existing] = await db
    .select(noteColumns)
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.postId, postId)));
  if (existing) return { kind: 'kept', note: toEntry(existing) };
  const [post] = await db
    .select({ status: posts.status, price: posts.price, currency: posts.currency })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post || post.status !== 'published') return { kind: 'not-found' };
  const [held] = await db.select({ n: count() }).from(notes).where(eq(notes.userId, userId));
  if ((held?.n ?? 0) >= FAVOURITES_MAX) return { kind: 'full' };
  const price = post.price !== null && post.price > 0 ? post.price : null;
  const [row] = await db
    .insert(notes)
    .values({
      userId,
      postId,
      createdAt: now,
      priceWhenAdded: price,
      currencyWhenAdded: price === null ? null : post.currency,
      alertPrice: price,
    })
    .onConflictDoNothing()
    .returning(noteColumns);
  if (!row) {
    // A second tab added it at the same moment: theirs is the one.
    const [other] = await db
      .select(noteColumns)
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.postId, postId)));
    return other ? { kind: 'kept', note: toEntry(other) } : { kind: 'not-found' };
  }
  const note = toEntry(row);
  await deps.events.emit('notes.changed', { userId, id: postId, note });
  return { kind: 'added', note };
}

/** Removes a favourite; resolves with whether there was one. */
export async function removeFavourite(deps: FavouritesDeps, userId: number, postId: number): Promise<boolean> {
  const removed = await deps.db
    .delete(notes)
    .where(and(eq(notes.userId, userId), eq(notes.postId, postId)))
    .returning({ postId: notes.postId });
  if (removed.length === 0) return false;
  await deps.events.emit('notes.changed', { userId, id: postId, note: null });
  return true;
}

/**
 * The browser's favourites, uploaded once after sign-in: the published ones the server does not hold yet are added
 * (up to the limit, in the browser's order), nothing is removed. Resolves with the merged list.
 */
export async function mergeFavourites(
  deps: FavouritesDeps,
  userId: number,
  ids: readonly number[],
  now: Date,
): Promise<NoteEntry[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const held = new Set((await listFavourites(deps.db, userId)).map((n) => n.id));
    const fresh = wanted.filter((id) => !held.has(id));
    const found =
      fresh.length === 0
        ? []
        : await deps.db
            .select({ id: posts.id, price: posts.price, currency: posts.currency })
            .from(posts)
            .where(and(inArray(posts.id, fresh), eq(posts.status, 'published')));
    const byId = new Map(found.map((p) => [p.id, p]));
    const room = Math.max(0, FAVOURITES_MAX - held.size);
    const rows = fresh
      .filter((id) => byId.has(id))
      .slice(0, room)
      .map((id, i) => {
        const post = byId.get(id)!;
        const price = post.price !== null && post.price > 0 ? post.price : null;
        // Keeps the browser's order: each later id a millisecond later.
        return {
          userId,
          postId: id,
          createdAt: new Date(now.getTime() + i),
          priceWhenAdded: price,
          currencyWhenAdded: price === null ? null : post.currency,
          alertPrice: price,
        };
      });
    if (rows.length > 0) {
      const added = await deps.db.insert(notes).values(rows).onConflictDoNothing().returning(noteColumns);
      for (const row of added) await deps.events.emit('notes.changed', { userId, id: row.postId, note: toEntry(row) });
    }
  }
  return listFavourites(deps.db, userId);
}

/** A listing's prices, oldest first (at most `limit`, the latest ones). */
export async function listingPrices(db: Db, postId: number, limit: number): Promise<PricePoint[]> {
  const rows = await db
    .select({ price: postPrices.price, currency: postPrices.currency, recordedAt: postPrices.recordedAt })
    .from(postPrices)
    .where(eq(postPrices.postId, postId))
    .orderBy(desc(postPrices.recordedAt), desc(postPrices.id))
    .limit(limit);
  return rows.reverse().map((r) => ({ price: r.price, currency: r.currency, recorded_at: r.recordedAt.toISOString() }));
}

/** Whether price-drop alerts are on for the user (null: no such user). */
export async function priceAlertsOf(db: Db, userId: number): Promise<boolean | null> {
  const [row] = await db.select({ on: users.priceAlerts }).from(users).where(eq(users.id, userId));
  return row ? row.on : null;
}

export async function setPriceAlerts(db: Db, userId: number, on: boolean): Promise<boolean | null> {
  const [row] = await db
    .update(users)
    .set({ priceAlerts: on })
    .where(eq(users.id, userId))
    .returning({ on: users.priceAlerts });
  return row ? row.on : null;
}
