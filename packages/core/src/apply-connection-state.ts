import { MESSAGES } from './messages';

export interface RealtimeStatus {
  isConnected: boolean;
  isReconnecting: boolean;
  lastActivity: number | null;
  error: string | null;
}

/** pusher-js connection states. */
export const CONNECTION_STATES = [
  'initialized',
  'connecting',
  'connected',
  'unavailable',
  'failed',
  'disconnected',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const INITIAL_REALTIME_STATUS: RealtimeStatus = {
  isConnected: false,
  isReconnecting: false,
  lastActivity: null,
  error: null,
};

/**
 * Spec §4: connected sets lastActivity and clears the error; connecting or unavailable count as reconnecting; failed
 * sets 'Connection failed' and asks for a reconnect.
 */
export function applyConnectionState(
  status: RealtimeStatus,
  state: ConnectionState,
  now: number,
): { status: RealtimeStatus; reconnect: boolean } {
  switch (state) {
    case 'connected':
      return { status: { isConnected: true, isReconnecting: false, lastActivity: now, error: null }, reconnect: false };
    case 'connecting':
    case 'unavailable':
      return { status: { ...status, isConnected: false, isReconnecting: true }, reconnect: false };
    case 'failed':
      return {
        status: { ...status, isConnected: false, isReconnecting: false, error: MESSAGES.realtimeConnectionFailed },
        reconnect: true,
      };
    case 'disconnected':
      return { status: { ...status, isConnected: false, isReconnecting: false }, reconnect: false };
    case 'initialized':
      return { status, reconnect: false };
  }
}
