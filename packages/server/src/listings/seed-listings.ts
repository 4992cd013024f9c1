import { getTableColumns } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { postMedia, postPrices, posts, type Db, type DbTransaction } from '@autoradar/db';
import type { ListingMedia } from './listing-lifecycle';

// Listings written in bulk, not lived: the demo feed, the benchmark's million and test fixtures. They keep the times
// they are given (a demo listing published three days ago) and get their first price like every published listing,
// but no notification job, no guest announcement and no event: a seed runs before anyone listens, and it describes a
// past that has happened already. Everything else goes through listing-lifecycle.ts.

/**
 * A listing as a seed writes it: any column of `posts` (its status, its times, the demo mark; a column may be an SQL
 * expression, e.g. a timestamp with microseconds) and its photos.
 */
export interface SeedListing {
  post: PgInsertValue<typeof posts>;
  media?: readonly ListingMedia[];
}

const CHUNK = 200;

/** Inserts the listings with their media and first prices; resolves with their ids, in order. */
export async function seedListings(tx: Db | DbTransaction, listings: readonly SeedListing[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < listings.length; start += CHUNK) {
    const chunk = listings.slice(start, start + CHUNK);
    const inserted = await tx
      .insert(posts)
      .values(chunk.map((l) => l.post))
      .returning({ id: posts.id, price: posts.price, currency: posts.currency, publishedAt: posts.publishedAt });
    const media = chunk.flatMap((l, i) => (l.media ?? []).map((m) => ({ ...m, postId: inserted[i]!.id })));
    if (media.length > 0) await tx.insert(postMedia).values(media);
    const prices = inserted
      .filter((row) => row.price !== null && row.price > 0)
      .map((row) => ({ postId: row.id, price: row.price!, currency: row.currency, recordedAt: row.publishedAt }));
    if (prices.length > 0) await tx.insert(postPrices).values(prices);
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * A bulk load in one statement (the feed benchmark's million listings, built by `generate_series`): `select` yields
 * rows of `columns`; their first prices follow in a second statement. `run` is the connection's raw query, so the
 * caller's session settings (maintenance_work_mem) apply.
 */
export async function seedListingsFromSelect(
  run: (text: string) => Promise<unknown>,
  columns: readonly string[],
  select: string,
): Promise<void> {
  const known = new Set(Object.values(getTableColumns(posts)).map((column) => column.name));
  const unknown = columns.filter((column) => !known.has(column));
  if (unknown.length > 0) throw new Error(`posts has no column ${unknown.join(', ')}`);
  await run(`insert into posts (${columns.join(', ')})\n${select}`);
  await run(
    `insert into post_prices (post_id, price, currency, recorded_at)
     select id, price, currency, published_at from posts p
     where price > 0 and not exists (select 1 from post_prices h where h.post_id = p.id)`,
  );
}
