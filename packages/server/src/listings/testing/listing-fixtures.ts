import { eq, inArray } from 'drizzle-orm';
import { posts, type Db, type Post } from '@autoradar/db';
import type { ListingMedia } from '../listing-lifecycle';
import { seedListings, type SeedListing } from '../seed-listings';

// Listings a test starts from and cleans up, written by the listings module like every other write of `posts`
// (tests/lint/posts-writes.test.ts). A test that is about publishing, updating or unpublishing goes through
// listing-lifecycle.ts instead, with a fan-out of its own.

/** One listing as given (any column: its status, its times, its channel) with its photos; resolves with its row. */
export async function addListing(
  db: Db,
  post: SeedListing['post'],
  media: readonly ListingMedia[] = [],
): Promise<Post> {
  const [id] = await seedListings(db, [{ post, media }]);
  const [row] = await db.select().from(posts).where(eq(posts.id, id!));
  return row!;
}

/** Removes these listings (every listing without `ids`) with their photos, prices and jobs. */
export async function removeListings(db: Db, ids?: readonly number[]): Promise<void> {
  if (!ids) await db.delete(posts);
  else if (ids.length > 0) await db.delete(posts).where(inArray(posts.id, [...ids]));
}
