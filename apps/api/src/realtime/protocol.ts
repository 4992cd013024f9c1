import { randomInt } from 'node:crypto';
import { PRIVATE_CHANNEL_PREFIX } from '@autoradar/contract';

// Pusher Channels protocol 7, as laravel-echo's `reverb` broadcaster and pusher-js expect it. Codes are Pusher's:
// 4000-4099 the client must not reconnect unchanged, 4100-4199 reconnect after a back-off, 4200-4299 reconnect
// at once; pusher-js maps a close code to that action, so each code below is chosen for what the client then does.

export const PROTOCOL_ERRORS = {
  unknownApp: { code: 4001, message: 'Application does not exist' },
  overQuota: { code: 4004, message: 'Application is over connection quota' },
  invalidVersionFormat: { code: 4006, message: 'Invalid version string format' },
  unsupportedVersion: { code: 4007, message: 'Unsupported protocol version' },
  noVersion: { code: 4008, message: 'No protocol version supplied' },
  originNotAllowed: { code: 4009, message: 'Origin not allowed' },
  unauthorized: { code: 4009, message: 'Connection is unauthorized' },
  presenceUnsupported: { code: 4009, message: 'Presence channels are not enabled on this server' },
  shuttingDown: { code: 4200, message: 'Server shutting down' },
  invalidMessage: { code: 4200, message: 'Invalid message format' },
  unknownEvent: { code: 4200, message: 'Unknown event' },
  invalidChannel: { code: 4200, message: 'Invalid channel name' },
  pongNotReceived: { code: 4201, message: 'Pong reply not received in time' },
  tooManySubscriptions: { code: 4300, message: 'Subscription limit reached for this connection' },
  clientEventsDisabled: { code: 4301, message: 'The app does not have client messaging enabled.' },
} as const satisfies Record<string, { code: number; message: string }>;

export type ProtocolError = (typeof PROTOCOL_ERRORS)[keyof typeof PROTOCOL_ERRORS];

/** The protocol versions whose frames this server speaks (pusher-js sends 7). */
export const SUPPORTED_PROTOCOL_VERSIONS = { min: 5, max: 7 } as const;

/** Pusher's documented channel-name alphabet and length. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && CHANNEL_NAME.test(name);
}

export type ChannelKind = 'public' | 'private' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  // private-encrypted- channels are private ones to the server: it relays ciphertext it cannot read.
  if (name.startsWith(PRIVATE_CHANNEL_PREFIX)) return 'private';
  return 'public';
}

/** Two random parts, as Reverb makes them: unique across instances without coordination. */
export function generateSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

export const SOCKET_ID = /^\d+\.\d+$/;

/** A percent-encoded path segment, or null when there is none or it does not decode (`%E0%A4`). */
export function decodePathPart(part: string | undefined): string | null {
  if (part === undefined) return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

// Server-to-client `data` is always a JSON string: pusher-js parses it once more, and Reverb sends it so.

export function encodeEvent(event: string, data: string, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

export function encodeError(error: ProtocolError): string {
  return encodeEvent('pusher:error', JSON.stringify({ code: error.code, message: error.message }));
}

export function encodeConnectionEstablished(socketId: string, activityTimeoutSeconds: number): string {
  return encodeEvent(
    'pusher:connection_established',
    JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  );
}

export function encodeSubscriptionSucceeded(channel: string): string {
  return encodeEvent('pusher_internal:subscription_succeeded', '{}', channel);
}

export const PING_FRAME = encodeEvent('pusher:ping', '{}');
export const PONG_FRAME = encodeEvent('pusher:pong', '{}');

export type ClientMessage =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'subscribe'; channel: unknown; auth: unknown; channelData: unknown }
  | { kind: 'unsubscribe'; channel: unknown }
  | { kind: 'client-event' }
  | { kind: 'invalid'; error: ProtocolError };

/** Reads one text frame from a client; never throws, whatever arrives. */
export function parseClientMessage(text: string): ClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: 'invalid', error: PROTOCOL_ERRORS.invalidMessage };
  }
  if (typeof message !== 'object' || message === null || typeof (message as { event?: unknown }).event !== 'string') {
    return { kind: 'invalid', error: PROTOCOL_ERRORS.invalidMessage };
  }
  const { event, data: rawData } = message as { event: string; data?: unknown };
  // pusher-js sends `data` as an object; some clients send it JSON-encoded once more.
  let data: unknown = rawData;
  if (typeof rawData === 'string') {
    try {
      data = JSON.parse(rawData);
    } catch {
      data = undefined;
    }
  }
  const field = (name: string): unknown =>
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  switch (event) {
    case 'pusher:ping':
      return { kind: 'ping' };
    case 'pusher:pong':
      return { kind: 'pong' };
    case 'pusher:subscribe':
      return { kind: 'subscribe', channel: field('channel'), auth: field('auth'), channelData: field('channel_data') };
    case 'pusher:unsubscribe':
      return { kind: 'unsubscribe', channel: field('channel') };
    default:
      if (event.startsWith('client-')) return { kind: 'client-event' };
      return { kind: 'invalid', error: PROTOCOL_ERRORS.unknownEvent };
  }
}
