import { MESSAGES } from '@autoradar/core';
import { changeListings, unpublishListing, type ListingDeps } from '@autoradar/server/listings/listing-lifecycle';
import { DomainError } from '@autoradar/server/domain-error';
import { postExists } from './moderation.repo';

export type ModerationDeps = ListingDeps & { clock: () => Date };

/**
 * Admin: the listing leaves the feed, search, counts and the landing carousel (the listing lifecycle announces it once,
 * `post.unpublished` on `post.{id}` among others). Repeating it changes nothing and announces nothing.
 */
export async function unpublishPost(deps: ModerationDeps, postId: number): Promise<void> {
  const changed = await changeListings(deps, (l) => unpublishListing(l, postId));
  if (!changed && !(await postExists(deps.db, postId))) throw new DomainError('not_found', MESSAGES.notFound);
}
