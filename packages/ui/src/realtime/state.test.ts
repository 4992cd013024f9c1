import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@autoradar/core';
import { INITIAL_REALTIME_STATE, reduceRealtime, type RealtimeState } from './state';

const connectedWith = (...channels: string[]): RealtimeState => ({
  isConnected: true,
  isReconnecting: false,
  lastActivity: 1000,
  error: null,
  channels: new Set(channels),
});

describe('realtime state (spec §3, §4 realtime connection)', () => {
  it('connected sets lastActivity, clears the error and keeps the confirmed channels', () => {
    const failed = { ...connectedWith('posts'), isConnected: false, error: MESSAGES.realtimeConnectionFailed };
    const { state, reconnect } = reduceRealtime(failed, { type: 'connection', state: 'connected', now: 5000 });
    expect(state).toEqual({ ...connectedWith('posts'), lastActivity: 5000 });
    expect(reconnect).toBe(false);
  });

  it('connecting and unavailable count as reconnecting and forget the channels the socket carried', () => {
    for (const next of ['connecting', 'unavailable'] as const) {
      const { state, reconnect } = reduceRealtime(connectedWith('posts', 'post.7'), {
        type: 'connection',
        state: next,
        now: 2000,
      });
      expect(state.isConnected).toBe(false);
      expect(state.isReconnecting).toBe(true);
      expect(state.channels.size).toBe(0);
      expect(reconnect).toBe(false);
    }
  });

  it("failed sets 'Connection failed' and asks for a reconnect", () => {
    const { state, reconnect } = reduceRealtime(connectedWith('posts'), {
      type: 'connection',
      state: 'failed',
      now: 1,
    });
    expect(state.error).toBe('Connection failed');
    expect(state.isConnected).toBe(false);
    expect(reconnect).toBe(true);
  });

  it('keeps the set of subscribed channels without duplicates, and forgets one that was left or refused', () => {
    let state = reduceRealtime(INITIAL_REALTIME_STATE, { type: 'subscribed', channel: 'posts' }).state;
    state = reduceRealtime(state, { type: 'subscribed', channel: 'private-user.3' }).state;
    const again = reduceRealtime(state, { type: 'subscribed', channel: 'posts' }).state;
    expect(again).toBe(state);
    expect([...state.channels]).toEqual(['posts', 'private-user.3']);
    state = reduceRealtime(state, { type: 'unsubscribed', channel: 'posts' }).state;
    expect([...state.channels]).toEqual(['private-user.3']);
  });

  it('reset goes back to the initial state', () => {
    expect(reduceRealtime(connectedWith('posts'), { type: 'reset' }).state).toEqual(INITIAL_REALTIME_STATE);
  });
});
