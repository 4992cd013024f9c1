import { PRICE_HISTORY_MAX, type NoteEntry, type PricePoint } from '@autoradar/contract';
import { FEED_MESSAGES, isPostVisible, MESSAGES, type TariffUser } from '@autoradar/core';
import { eq } from 'drizzle-orm';
import { posts, type Db } from '@autoradar/db';
import {
  addFavourite,
  FAVOURITES_MAX,
  listingPrices,
  mergeFavourites,
  priceAlertsOf,
  removeFavourite,
  setPriceAlerts,
  type FavouritesDeps,
} from '@autoradar/server/favourites/favourites';
import { findPost } from '@autoradar/server/listings/post-row';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import { NOTES_MESSAGES } from './notes.messages';

export { listFavourites } from '@autoradar/server/favourites/favourites';

export async function addNote(deps: FavouritesDeps, userId: number, postId: number, now: Date): Promise<NoteEntry> {
  const result = await addFavourite(deps, userId, postId, now);
  if ('note' in result) return result.note;
  if (result.kind === 'full') throw new DomainError('conflict', NOTES_MESSAGES.full(FAVOURITES_MAX));
  throw notFound(FEED_MESSAGES.postNotFound);
}

/** Removes a favourite; removing one that is not there is fine, naming a listing that never existed is a 404. */
export async function removeNote(deps: FavouritesDeps, userId: number, postId: number): Promise<void> {
  if (await removeFavourite(deps, userId, postId)) return;
  const [post] = await deps.db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound(FEED_MESSAGES.postNotFound);
}

export function mergeNotes(deps: FavouritesDeps, userId: number, ids: readonly number[], now: Date) {
  return mergeFavourites(deps, userId, ids, now);
}

/** The prices of a listing the viewer may see (unknown, taken off and still-delayed ones are 404s like the listing). */
export async function getPriceHistory(
  db: Db,
  postId: number,
  viewer: TariffUser | null,
  now: Date,
): Promise<PricePoint[]> {
  const row = await findPost(db, postId);
  if (!row || row.status !== 'published') throw notFound(FEED_MESSAGES.postNotFound);
  if (!isPostVisible(row, viewer, now)) throw notFound(FEED_MESSAGES.postDelayed);
  return listingPrices(db, postId, PRICE_HISTORY_MAX);
}

export async function getPriceAlerts(db: Db, userId: number): Promise<boolean> {
  const on = await priceAlertsOf(db, userId);
  if (on === null) throw new DomainError('unauthenticated', MESSAGES.unauthenticated);
  return on;
}

export async function switchPriceAlerts(db: Db, userId: number, on: boolean): Promise<boolean> {
  const stored = await setPriceAlerts(db, userId, on);
  if (stored === null) throw new DomainError('unauthenticated', MESSAGES.unauthenticated);
  return stored;
}
