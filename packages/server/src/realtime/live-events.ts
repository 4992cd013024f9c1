import {
  NotesChangedEventSchema,
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

// The product's four live events (spec §3, DESIGN §5), each on the channels the contract names, for every process that
// sends them: the API (its broadcaster: in-process or Redis) and the bot's own process (the Pusher HTTP events API,
// realtime/pusher-publisher.ts). Payloads go through the contract's schemas, so a database column the contract does
// not name never reaches a client; a payload the contract refuses rejects the returned promise.

export interface PublishOptions {
  /** A socket that must not receive the event, usually the client whose request caused it. */
  exceptSocketId?: string;
}

/** Where events go: the API's `app.broadcaster`, or a Pusher HTTP API client in another process. */
export interface EventPublisher {
  publish(channels: string[] | string, event: string, data: unknown, opts?: PublishOptions): Promise<void>;
}

/** The changed fields of a user (test period, payment, roles); clients merge them into the stored user. */
export async function publishUserUpdated(
  publisher: EventPublisher,
  changes: RealtimeEventPayload<'user.updated'>,
  opts?: PublishOptions,
): Promise<void> {
  const payload = UserUpdatedEventSchema.parse(changes);
  return publisher.publish(userChannel(payload.id), REALTIME_EVENTS.userUpdated, payload, opts);
}

/** A favourite added or removed: the user's other tabs and devices follow (issue 33). */
export async function publishNotesChanged(
  publisher: EventPublisher,
  userId: number,
  change: RealtimeEventPayload<'notes.changed'>,
  opts?: PublishOptions,
): Promise<void> {
  const payload = NotesChangedEventSchema.parse(change);
  return publisher.publish(userChannel(userId), REALTIME_EVENTS.notesChanged, payload, opts);
}

export async function publishPostUpdated(publisher: EventPublisher, post: Post, opts?: PublishOptions): Promise<void> {
  const payload = PostUpdatedEventSchema.parse({ post });
  return publisher.publish(postChannel(payload.post.id), REALTIME_EVENTS.postUpdated, payload, opts);
}

export async function publishPostUnpublished(
  publisher: EventPublisher,
  postId: number,
  opts?: PublishOptions,
): Promise<void> {
  const payload = PostUnpublishedEventSchema.parse({ id: postId });
  return publisher.publish(postChannel(payload.id), REALTIME_EVENTS.postUnpublished, payload, opts);
}

/**
 * A listing became visible on `channels` (default the public `posts`). `posts` is public, so send there only when
 * guests and basic-tariff users may see the listing too (after their delay), never earlier: the event would show it
 * before its time. `private-posts.pro` takes it the moment PRO may see it (listings/listing-announcer.ts decides).
 */
export async function publishPostPublished(
  publisher: EventPublisher,
  post: Post,
  opts?: PublishOptions & { channels?: readonly string[] },
): Promise<void> {
  const payload = PostPublishedEventSchema.parse({ post });
  const { channels = [POSTS_CHANNEL], ...rest } = opts ?? {};
  return publisher.publish([...channels], REALTIME_EVENTS.postPublished, payload, rest);
}
