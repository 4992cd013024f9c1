import { TOKEN_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import { answerText, IdSchema, MESSAGE_MAX_LENGTH, textSchema } from './fields';
import { NoteEntrySchema } from './notes';
import { PostSchema } from './posts';
import { named } from './schema-names';
import { UserSchema } from './user';

import { POSTS_CHANNEL, PRO_POSTS_CHANNEL, REALTIME_EVENTS, type RealtimeEventName } from './channels';

// The names stay importable from here, where they always were.
export {
  POSTS_CHANNEL,
  PRO_POSTS_CHANNEL,
  PRIVATE_CHANNEL_PREFIX,
  WEBSOCKET_PATH,
  PUSHER_PROTOCOL_VERSION,
  userChannel,
  postChannel,
  parseChannelName,
  REALTIME_EVENTS,
  type ChannelRef,
  type RealtimeEventName,
} from './channels';

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
