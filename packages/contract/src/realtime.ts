import { TOKEN_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import { answerText, IdSchema, MESSAGE_MAX_LENGTH, textSchema } from './fields';
import { NoteEntrySchema } from './notes';
import { PostSchema } from './posts';
import { named } from './schema-names';
import { UserSchema } from './user';

// Channels and events (DESIGN §5), Pusher protocol 7 as Laravel Reverb speaks it.

/** Public: `post.published` once a listing is visible to guests (own listings at once, aggregated after their delay). */
export const POSTS_CHANNEL = 'posts';
/**
 * Private, active PRO only: `post.published` the moment PRO may see a listing, aggregated ones at once (own ones too,
 * so a PRO client listens here instead of `posts`). laravel-echo's `Echo.private('posts.pro')` subscribes to it.
 */
export const PRO_POSTS_CHANNEL = 'private-posts.pro';
export const PRIVATE_CHANNEL_PREFIX = 'private-';
/** Where pusher-js connects on REVERB_PORT. */
export const WEBSOCKET_PATH = '/app/:key';
export const PUSHER_PROTOCOL_VERSION = 7;

/** The private channel of one user. laravel-echo's `Echo.private('user.' + id)` subscribes to this very name. */
export function userChannel(id: number): `private-user.${number}` {
  return `private-user.${id}`;
}

export function postChannel(id: number): `post.${number}` {
  return `post.${id}`;
}

export type ChannelRef =
  { kind: 'user'; id: number } | { kind: 'post'; id: number } | { kind: 'posts' } | { kind: 'pro-posts' };

/** Reads a channel name back, e.g. to authorise a private subscription; null for names the product does not use. */
export function parseChannelName(name: string): ChannelRef | null {
  if (name === POSTS_CHANNEL) return { kind: 'posts' };
  if (name === PRO_POSTS_CHANNEL) return { kind: 'pro-posts' };
  const match = /^(private-user|post)\.([1-9]\d*)$/.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'post' ? { kind: 'post', id } : { kind: 'user', id };
}

export const REALTIME_EVENTS = {
  userUpdated: 'user.updated',
  postUpdated: 'post.updated',
  postUnpublished: 'post.unpublished',
  postPublished: 'post.published',
  notesChanged: 'notes.changed',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** The changed fields of the user; the client merges them into the stored user (spec §3). */
export const UserUpdatedEventSchema = named('UserUpdatedEvent', UserSchema.partial().extend({ id: IdSchema }));
export const PostUpdatedEventSchema = named('PostUpdatedEvent', z.object({ post: PostSchema }));
export const PostUnpublishedEventSchema = named('PostUnpublishedEvent', z.object({ id: IdSchema }));
export const PostPublishedEventSchema = named('PostPublishedEvent', z.object({ post: PostSchema }));
/** A favourite added (`note`) or removed (`note: null`) on another tab or device (issue 33). */
export const NotesChangedEventSchema = named(
  'NotesChangedEvent',
  z.object({ id: IdSchema, note: NoteEntrySchema.nullable() }),
);

/** Which channels carry which event with which payload (`channel` is the first of `channels`). */
export const realtimeEvents = {
  [REALTIME_EVENTS.userUpdated]: {
    channel: 'private-user.{id}',
    channels: ['private-user.{id}'],
    payload: UserUpdatedEventSchema,
  },
  [REALTIME_EVENTS.postUpdated]: { channel: 'post.{id}', channels: ['post.{id}'], payload: PostUpdatedEventSchema },
  [REALTIME_EVENTS.postUnpublished]: {
    channel: 'post.{id}',
    channels: ['post.{id}'],
    payload: PostUnpublishedEventSchema,
  },
  [REALTIME_EVENTS.postPublished]: {
    channel: POSTS_CHANNEL,
    channels: [POSTS_CHANNEL, PRO_POSTS_CHANNEL],
    payload: PostPublishedEventSchema,
  },
  [REALTIME_EVENTS.notesChanged]: {
    channel: 'private-user.{id}',
    channels: ['private-user.{id}'],
    payload: NotesChangedEventSchema,
  },
} as const;
export type RealtimeEventPayload<N extends RealtimeEventName> = z.infer<(typeof realtimeEvents)[N]['payload']>;

/** The Pusher HTTP events API's request body limit (bytes), so no event's data is longer. */
export const EVENT_DATA_MAX_LENGTH = 262_144;
/** Pusher's limit on one trigger: at most 100 channels. */
export const EVENT_CHANNELS_MAX = 100;
/** Pusher allows channel and event names of up to 200 characters. */
const CHANNEL_NAME_MAX_LENGTH = 200;
const ChannelNameSchema = textSchema({ max: CHANNEL_NAME_MAX_LENGTH, required: true });
const SocketIdSchema = z
  .string()
  .max(CHANNEL_NAME_MAX_LENGTH)
  .regex(/^\d+\.\d+$/);

export const BroadcastingAuthRequestSchema = named(
  'BroadcastingAuthRequest',
  z.object({ socket_id: SocketIdSchema, channel_name: ChannelNameSchema }),
);
/** `auth` is `key:HMAC-SHA256(secret, "socket_id:channel_name")`. */
export const BroadcastingAuthResponseSchema = named(
  'BroadcastingAuthResponse',
  z.object({
    // The key (TOKEN_MAX_LENGTH at most), a colon and 64 hex digits.
    auth: answerText(TOKEN_MAX_LENGTH + 65),
    // Presence channels' member data; this server has no presence channels and never sends it.
    channel_data: answerText(MESSAGE_MAX_LENGTH).optional(),
  }),
);

/** Pusher HTTP events API (signed with the app secret through the auth_* query parameters). */
export const TriggerEventQuerySchema = named(
  'TriggerEventQuery',
  z.object({
    auth_key: textSchema({ max: TOKEN_MAX_LENGTH }),
    auth_timestamp: z.string().max(20).regex(/^\d+$/),
    auth_version: textSchema({ max: TOKEN_MAX_LENGTH }),
    body_md5: z
      .string()
      .max(32)
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
    auth_signature: z
      .string()
      .max(64)
      .regex(/^[0-9a-f]{64}$/),
  }),
);
export const TriggerEventRequestSchema = named(
  'TriggerEventRequest',
  z.object({
    name: textSchema({ max: CHANNEL_NAME_MAX_LENGTH, required: true }),
    /** The event's payload, delivered as sent; the request body's size limit bounds it too. */
    data: z.string().max(EVENT_DATA_MAX_LENGTH),
    channel: ChannelNameSchema.optional(),
    channels: z.array(ChannelNameSchema).max(EVENT_CHANNELS_MAX).optional(),
    socket_id: SocketIdSchema.optional(),
  }),
);
export const TriggerEventResponseSchema = named('TriggerEventResponse', z.object({}));

export const realtimeEndpoints = {
  /** Private-channel authorisation for pusher-js, which posts it form-encoded. */
  auth: defineEndpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    summary: 'Authorise a private channel subscription',
    auth: 'user',
    formUrlEncoded: true,
    body: BroadcastingAuthRequestSchema,
    responses: { 200: BroadcastingAuthResponseSchema, 403: ErrorSchema },
  }),
  /** On the websocket port, so the bot, other instances or Pusher server SDKs can publish (DESIGN §5). */
  triggerEvent: defineEndpoint({
    method: 'POST',
    path: '/apps/:appId/events',
    summary: 'Publish an event (Pusher HTTP API)',
    auth: 'guest',
    server: 'realtime',
    params: z.object({ appId: textSchema({ max: TOKEN_MAX_LENGTH, required: true }) }),
    query: TriggerEventQuerySchema,
    body: TriggerEventRequestSchema,
    responses: { 200: TriggerEventResponseSchema, 401: ErrorSchema },
  }),
};
