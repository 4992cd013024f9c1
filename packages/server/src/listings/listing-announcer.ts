import { POSTS_CHANNEL, PRO_POSTS_CHANNEL } from '@autoradar/contract';
import { isPostVisible } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import {
  publishPostPublished,
  publishPostUnpublished,
  publishPostUpdated,
  type EventPublisher,
} from '../realtime/live-events';
import { findPost, toPost, type PostViewer } from './post-row';

// What a listing change announces, in every process that changes listings (the API, the bot): DESIGN.md §5.
//   published     the listing was just published, so PRO may see it: `private-posts.pro` at once; `posts` too when
//                 guests may see it already (own listings), else the delay job announces it there later.
//   dueForGuests  the delay job found an aggregated listing's 24 hours over: `posts`.
//   updated       `post.updated` on `post.{id}`; unpublished: `post.unpublished` on `post.{id}`.
// Payloads are the listing as the channel's audience sees it (its `isNew` depends on the tariff).

const PRO_VIEWER_UNTIL = new Date('9999-12-31T00:00:00Z');

export interface ListingAnnouncer {
  /** Resolves with the channels `post.published` went to (none when the listing is not published). */
  published(postId: number): Promise<string[]>;
  /** Resolves with whether `post.published` went out on `posts`. */
  dueForGuests(postId: number): Promise<boolean>;
  updated(postId: number): Promise<boolean>;
  unpublished(postId: number): Promise<void>;
}

export function createListingAnnouncer(deps: {
  db: Db;
  publisher: EventPublisher;
  clock?: () => Date;
}): ListingAnnouncer {
  const clock = deps.clock ?? (() => new Date());
  const guest = (): PostViewer => ({ user: null, now: clock() });
  const pro = (): PostViewer => ({ user: { is_pro: true, pro_expired: PRO_VIEWER_UNTIL }, now: clock() });
  const publishedRow = async (postId: number) => {
    const row = await findPost(deps.db, postId);
    return row?.status === 'published' ? row : null;
  };

  return {
    async published(postId) {
      const row = await publishedRow(postId);
      if (!row) return [];
      const channels: string[] = [];
      if (isPostVisible(row, null, clock())) {
        await publishPostPublished(deps.publisher, toPost(row, guest()), { channels: [POSTS_CHANNEL] });
        channels.push(POSTS_CHANNEL);
      }
      await publishPostPublished(deps.publisher, toPost(row, pro()), { channels: [PRO_POSTS_CHANNEL] });
      channels.push(PRO_POSTS_CHANNEL);
      return channels;
    },
    async dueForGuests(postId) {
      const row = await publishedRow(postId);
      if (!row || !isPostVisible(row, null, clock())) return false;
      await publishPostPublished(deps.publisher, toPost(row, guest()), { channels: [POSTS_CHANNEL] });
      return true;
    },
    async updated(postId) {
      const row = await publishedRow(postId);
      if (!row) return false;
      await publishPostUpdated(deps.publisher, toPost(row, guest()));
      return true;
    },
    unpublished: (postId) => publishPostUnpublished(deps.publisher, postId),
  };
}
