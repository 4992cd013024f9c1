import { and, eq, sql } from 'drizzle-orm';
import { isOwnPost, isPostVisible } from '@autoradar/core';
import {
  insertRows,
  postMedia,
  postPrices,
  posts,
  type Db,
  type DbTransaction,
  type NewPost,
  type NewPostMedia,
} from '@autoradar/db';
import type { DomainEvent, DomainEvents, ListingEvent } from '../events/domain-events';
import { enqueueNotifyJobs } from '../notify/queue';
import { scheduleGuestAnnouncements } from './guest-announcements';

// A listing's life (issue 27, DESIGN.md §6): published, updated, unpublished — one rule for every caller (the sell
// form, moderation, ingestion, the bot), and nothing else writes `posts` (tests/lint/posts-writes.test.ts; the seeds
// go through seed-listings.ts). Each change runs in a transaction of `changeListings` and returns whether it changed
// anything; only a change is announced (`listing.published|updated|unpublished`, events/domain-events.ts), after the
// commit, so a repeated unpublish or an edit that changes nothing announces nothing. Every price a listing has had is
// in `post_prices` with its time and source, from the first one on.

export interface ListingDeps {
  db: Db;
  events: DomainEvents;
  /** Injected in tests; the wall clock otherwise. Stamps `updated_at` and the price history. */
  clock?: () => Date;
}

/** One transaction of listing changes: the statements run on `tx`; what changed is announced after the commit. */
export interface ListingTx {
  tx: DbTransaction;
  now: Date;
  announce(event: ListingEvent): void;
}

/** Runs `work` in one transaction; the changes it made are announced once it has committed. */
export function changeListings<T>(deps: ListingDeps, work: (l: ListingTx) => Promise<T>): Promise<T> {
  const now = deps.clock?.() ?? new Date();
  return deps.events.transaction(deps.db, (tx, announce: (event: DomainEvent) => void) => work({ tx, now, announce }));
}

export type ListingMedia = Omit<NewPostMedia, 'postId'>;
export type NewListing = Omit<NewPost, 'id' | 'status' | 'createdAt' | 'updatedAt' | 'searchVector'>;

/** The fields an update may change (analysis of an edited source post, a new price). */
export type ListingChanges = Partial<
  Pick<
    NewPost,
    | 'title'
    | 'text'
    | 'year'
    | 'mileage'
    | 'vin'
    | 'price'
    | 'currency'
    | 'cityId'
    | 'location'
    | 'brandId'
    | 'modelId'
    | 'mark'
  >
>;

/** Who stated a price: a source (channel, wall) or, when null, the listing's own seller. */
export interface PriceSource {
  sourceId?: number | null;
}

/** Adds one price to the listing's history: what it was, since when, stated by whom. */
export async function recordPrice(
  tx: Db | DbTransaction,
  postId: number,
  price: { price: number; currency: string; recordedAt: Date } & PriceSource,
): Promise<void> {
  await tx.insert(postPrices).values({
    postId,
    price: price.price,
    currency: price.currency,
    sourceId: price.sourceId ?? null,
    recordedAt: price.recordedAt,
  });
}

/** One listing of publishListings: the post, its media, who stated its first price. */
export interface ListingToPublish {
  post: NewListing;
  media: readonly ListingMedia[];
  stated?: PriceSource;
}

/**
 * Publishes a listing: the post with its media, its first price, its one notification job and (aggregated listings)
 * the moment guests may see it, all in this transaction, so a listing is never visible without its matching nor
 * matched without being visible. Announces `listing.published`; resolves with the post id.
 */
export async function publishListing(
  l: ListingTx,
  post: NewListing,
  media: readonly ListingMedia[],
  stated: PriceSource = {},
): Promise<number> {
  const [postId] = await publishListings(l, [{ post, media, stated }]);
  return postId!;
}

/**
 * publishListing for several listings at once (a source read's new posts, issue 28): the same rows and the same
 * announcements, one statement a table instead of one a listing. The ids are drawn from the sequence first, so each
 * listing's rows are written with its id without relying on the order INSERT … RETURNING answers in. Resolves with
 * the ids in the order given.
 */
export async function publishListings(l: ListingTx, listings: readonly ListingToPublish[]): Promise<number[]> {
  if (listings.length === 0) return [];
  const { rows: drawn } = await l.tx.execute<{ id: string | number }>(
    sql`select nextval(pg_get_serial_sequence('posts', 'id')) as id from generate_series(1, ${listings.length})`,
  );
  const ids = drawn.map((row) => Number(row.id));
  const rows = listings.map(({ post }, i) => ({
    ...post,
    id: ids[i]!,
    status: 'published' as const,
    publishedAt: post.publishedAt ?? l.now,
  }));
  await insertRows(l.tx, posts, rows);
  const media = listings.flatMap((listing, i) => listing.media.map((m) => ({ ...m, postId: ids[i]! })));
  await insertRows(l.tx, postMedia, media);
  const prices = rows.flatMap((row, i) =>
    row.price !== null && row.price !== undefined && row.price > 0
      ? [
          {
            postId: row.id,
            price: row.price,
            currency: row.currency ?? 'RUB',
            sourceId: listings[i]!.stated?.sourceId ?? null,
            recordedAt: row.publishedAt,
          },
        ]
      : [],
  );
  await insertRows(l.tx, postPrices, prices);
  const aggregated = rows.filter((row) => !isOwnPost(row));
  await scheduleGuestAnnouncements(
    l.tx,
    aggregated.map((row) => ({ postId: row.id, publishedAt: row.publishedAt })),
  );
  await enqueueNotifyJobs(
    l.tx,
    rows.map((row) => ({ postId: row.id, runAt: row.publishedAt })),
  );
  for (const row of rows) {
    const audience = isPostVisible({ channel: row.channel, published_at: row.publishedAt }, null, l.now)
      ? 'everyone'
      : 'pro';
    l.announce({ name: 'listing.published', payload: { postId: row.id, audience } });
  }
  return ids;
}

/**
 * Changes what differs of `changes` (undefined keeps a field); a new price or currency goes into the price history.
 * Resolves with whether anything changed; only then, and only while the listing is published, `listing.updated`.
 */
export async function updateListing(
  l: ListingTx,
  postId: number,
  changes: ListingChanges,
  stated: PriceSource = {},
): Promise<boolean> {
  const [current] = await l.tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!current) return false;
  const diff: ListingChanges = {};
  for (const [key, value] of Object.entries(changes) as [keyof ListingChanges, unknown][]) {
    if (value !== undefined && current[key] !== value) Object.assign(diff, { [key]: value });
  }
  if (Object.keys(diff).length === 0) return false;
  const price = diff.price === undefined ? current.price : diff.price;
  if (price !== null && price > 0 && (diff.price !== undefined || diff.currency !== undefined)) {
    await recordPrice(l.tx, postId, {
      price,
      currency: diff.currency ?? current.currency,
      recordedAt: l.now,
      ...stated,
    });
  }
  await l.tx
    .update(posts)
    .set({ ...diff, updatedAt: l.now })
    .where(eq(posts.id, postId));
  if (current.status === 'published') l.announce({ name: 'listing.updated', payload: { postId } });
  return true;
}

/**
 * Takes a published listing off the feed, search, counts and the carousel. Resolves with whether it was published;
 * a listing already off (or unknown) is left alone and nothing is announced.
 */
export async function unpublishListing(l: ListingTx, postId: number): Promise<boolean> {
  const rows = await l.tx
    .update(posts)
    .set({ status: 'unpublished', updatedAt: l.now })
    .where(and(eq(posts.id, postId), eq(posts.status, 'published')))
    .returning({ id: posts.id });
  if (rows.length === 0) return false;
  l.announce({ name: 'listing.unpublished', payload: { postId } });
  return true;
}

/** A listing's price history, oldest first. */
export async function priceHistory(db: Db, postId: number) {
  return db
    .select({
      price: postPrices.price,
      currency: postPrices.currency,
      sourceId: postPrices.sourceId,
      recordedAt: postPrices.recordedAt,
    })
    .from(postPrices)
    .where(eq(postPrices.postId, postId))
    .orderBy(postPrices.recordedAt, postPrices.id);
}
