import { OWN_CHANNEL } from '@autoradar/core';
import { postMedia, posts, type Db, type DbTransaction, type NewPost, type NewPostMedia } from '@autoradar/db';
import { enqueueNotifyJob } from '../notify/queue';
import { scheduleGuestAnnouncement } from './guest-announcements';

// Publishing a listing (DESIGN.md §6): the one place where a listing becomes visible, shared by the API (a seller's
// draft) and the bot's workers (aggregated listings). In the same transaction as the post it enqueues the listing's one
// notification job, so a listing is never visible without its matching, nor matched without being visible. After the
// commit the caller announces it once (`onListingVisible`: the `posts` broadcast and the worker's wake-up).
// An aggregated listing is visible to PRO now and to everyone else 24 hours later: its guest announcement is
// scheduled in the same transaction (guest-announcements.ts), so `posts` hears of it exactly when its delay ends.

export type ListingMedia = Omit<NewPostMedia, 'postId'>;

/** Inserts a visible (published) listing with its media and enqueues its notification job; returns the post id. */
export async function insertVisibleListing(
  tx: Db | DbTransaction,
  post: Omit<NewPost, 'status'>,
  media: readonly ListingMedia[],
): Promise<number> {
  const [row] = await tx
    .insert(posts)
    .values({ ...post, status: 'published' })
    .returning({ id: posts.id, publishedAt: posts.publishedAt });
  const postId = row!.id;
  if (media.length > 0) await tx.insert(postMedia).values(media.map((m) => ({ ...m, postId })));
  if (post.channel !== OWN_CHANNEL) await scheduleGuestAnnouncement(tx, postId, row!.publishedAt);
  await enqueueNotifyJob(tx, postId, post.publishedAt ?? undefined);
  return postId;
}
