import { atom } from 'jotai';
import {
  applyConnectionState,
  INITIAL_REALTIME_STATUS,
  type ConnectionState,
  type RealtimeStatus,
} from '@autoradar/core';

/** Spec §3 realtime state: the connection status of core plus the set of channels the server confirmed. */
export interface RealtimeState extends RealtimeStatus {
  /** Pusher names of the channels whose subscription succeeded (`posts`, `post.42`, `private-user.7`). */
  channels: ReadonlySet<string>;
}

export const INITIAL_REALTIME_STATE: RealtimeState = { ...INITIAL_REALTIME_STATUS, channels: new Set() };

export type RealtimeAction =
  | { type: 'connection'; state: ConnectionState; now: number }
  | { type: 'subscribed'; channel: string }
  | { type: 'unsubscribed'; channel: string }
  | { type: 'reset' };

/**
 * The realtime state's one reducer. The connection rules are core's `applyConnectionState`; `reconnect` says the
 * client should start its reconnect policy (a failed connection). Leaving `connected` forgets every confirmed channel:
 * the server dropped them with the socket, and pusher-js subscribes them again once it is back.
 */
export function reduceRealtime(
  state: RealtimeState,
  action: RealtimeAction,
): { state: RealtimeState; reconnect: boolean } {
  switch (action.type) {
    case 'connection': {
      const { status, reconnect } = applyConnectionState(state, action.state, action.now);
      const channels = action.state === 'connected' ? state.channels : emptyOr(state.channels);
      return { state: { ...status, channels }, reconnect };
    }
    case 'subscribed':
      if (state.channels.has(action.channel)) return { state, reconnect: false };
      return { state: { ...state, channels: new Set([...state.channels, action.channel]) }, reconnect: false };
    case 'unsubscribed': {
      if (!state.channels.has(action.channel)) return { state, reconnect: false };
      const channels = new Set(state.channels);
      channels.delete(action.channel);
      return { state: { ...state, channels }, reconnect: false };
    }
    case 'reset':
      return { state: INITIAL_REALTIME_STATE, reconnect: false };
  }
}

function emptyOr(channels: ReadonlySet<string>): ReadonlySet<string> {
  return channels.size === 0 ? channels : new Set();
}

/** Written only by the realtime client (client.ts). */
export const realtimeStateSourceAtom = atom<RealtimeState>(INITIAL_REALTIME_STATE);

/** The realtime state for screens and tests, read-only: `useAtomValue(realtimeStateAtom)`. */
export const realtimeStateAtom = atom((get) => get(realtimeStateSourceAtom));
