import { EVENT_CHANNELS_MAX } from '@autoradar/contract';
import { isValidChannelName, SOCKET_ID } from './protocol';

/** One event on its way to every websocket server of the deployment; `data` is already the JSON text clients get. */
export interface RealtimeMessage {
  channels: string[];
  event: string;
  data: string;
  /** The publisher's own socket, which must not get its echo (Pusher's `socket_id`). */
  exceptSocketId?: string;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

/**
 * Carries events from whoever publishes (API services, the Pusher HTTP API) to the websocket servers: in-process
 * for one instance, through Redis pub/sub for several.
 */
export interface RealtimeBus {
  readonly kind: 'local' | 'redis';
  publish(message: RealtimeMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

/** Pusher's limits on one trigger: at most 100 channels (the contract's), an event name of at most 200 characters. */
export const MAX_CHANNELS_PER_EVENT = EVENT_CHANNELS_MAX;
export const MAX_EVENT_NAME_LENGTH = 200;

/** Why a message cannot be published, or null when it can. */
export function describeInvalidMessage(message: RealtimeMessage): string | null {
  if (message.channels.length === 0) return 'no channel';
  if (message.channels.length > MAX_CHANNELS_PER_EVENT) return `more than ${MAX_CHANNELS_PER_EVENT} channels`;
  const bad = message.channels.find((c): boolean => !isValidChannelName(c));
  if (bad !== undefined) return `invalid channel name ${JSON.stringify(bad.slice(0, 200))}`;
  if (message.event.length === 0 || message.event.length > MAX_EVENT_NAME_LENGTH) return 'invalid event name';
  if (message.exceptSocketId !== undefined && !SOCKET_ID.test(message.exceptSocketId)) return 'invalid socket_id';
  return null;
}

/** Reads a message another process put on the bus; null for anything malformed. */
export function parseRealtimeMessage(text: string): RealtimeMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { channels, event, data, exceptSocketId } = value as Record<string, unknown>;
  if (!Array.isArray(channels) || !channels.every((c): c is string => typeof c === 'string')) return null;
  if (typeof event !== 'string' || typeof data !== 'string') return null;
  if (exceptSocketId !== undefined && typeof exceptSocketId !== 'string') return null;
  const message: RealtimeMessage = {
    channels,
    event,
    data,
    ...(exceptSocketId === undefined ? {} : { exceptSocketId }),
  };
  return describeInvalidMessage(message) === null ? message : null;
}

export function createLocalBus(): RealtimeBus {
  const listeners = new Set<RealtimeListener>();
  return {
    kind: 'local',
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
