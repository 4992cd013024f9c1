import { eq } from 'drizzle-orm';
import { MESSAGES } from '@autoradar/core';
import { posts, type Db } from '@autoradar/db';
import { DomainError } from '../domain-error';
import { changeListings, unpublishListing, type ListingDeps } from './listing-lifecycle';

// Moderation (the API's admin route today; the bot's staff chat or a worker could call it the same way).

export type ModerationDeps = ListingDeps & { clock: () => Date };

async function postExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  return row !== undefined;
}

/**
 * Admin: the listing leaves the feed, search, counts and the landing carousel (the listing lifecycle announces it once,
 * `listing.unpublished` among others). Repeating it changes nothing and announces nothing.
 */
export async function unpublishPost(deps: ModerationDeps, postId: number): Promise<void> {
  const changed = await changeListings(deps, (l) => unpublishListing(l, postId));
  if (!changed && !(await postExists(deps.db, postId))) throw new DomainError('not_found', MESSAGES.notFound);
}
