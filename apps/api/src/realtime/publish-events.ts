import {
  POSTS_CHANNEL,
  PostPublishedEventSchema,
  PostUnpublishedEventSchema,
  PostUpdatedEventSchema,
  REALTIME_EVENTS,
  UserUpdatedEventSchema,
  postChannel,
  userChannel,
  type Post,
  type RealtimeEventPayload,
} from '@autoradar/contract';
import type { Broadcaster, PublishOptions } from './broadcaster';

// The product's four live events (spec §3, DESIGN §5), each on the channel the contract names. Payloads go through
// the contract's schemas, so a database column the contract does not name never reaches a client; a payload the
// contract refuses rejects the returned promise.

/** The changed fields of a user (test period, payment, roles); clients merge them into the stored user. */
export async function publishUserUpdated(broadcaster: Broadcaster, changes: RealtimeEventPayload<'user.updated'>, opts?: PublishOptions): Promise<void> {
  const payload = UserUpdatedEventSchema.parse(changes);
  return broadcaster.publish(userChannel(payload.id), REALTIME_EVENTS.userUpdated, payload, opts);
}

export async function publishPostUpdated(broadcaster: Broadcaster, post: Post, opts?: PublishOptions): Promise<void> {
  const payload = PostUpdatedEventSchema.parse({ post });
  return broadcaster.publish(postChannel(payload.post.id), REALTIME_EVENTS.postUpdated, payload, opts);
}

export async function publishPostUnpublished(broadcaster: Broadcaster, postId: number, opts?: PublishOptions): Promise<void> {
  const payload = PostUnpublishedEventSchema.parse({ id: postId });
  return broadcaster.publish(postChannel(payload.id), REALTIME_EVENTS.postUnpublished, payload, opts);
}

/**
 * A listing became visible to everyone. `posts` is a public channel, so call this when the listing is visible to
 * guests and basic-tariff users too (after their delay), never earlier: the event would show it before its time.
 */
export async function publishPostPublished(broadcaster: Broadcaster, post: Post, opts?: PublishOptions): Promise<void> {
  const payload = PostPublishedEventSchema.parse({ post });
  return broadcaster.publish(POSTS_CHANNEL, REALTIME_EVENTS.postPublished, payload, opts);
}
