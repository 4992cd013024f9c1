import { describe, expect, it } from 'vitest';
import { applyConnectionState, INITIAL_REALTIME_STATUS } from './apply-connection-state';

describe('applyConnectionState', () => {
  it('connected sets lastActivity and clears the error', () => {
    const failed = { ...INITIAL_REALTIME_STATUS, error: 'Connection failed' };
    expect(applyConnectionState(failed, 'connected', 1000)).toEqual({
      status: { isConnected: true, isReconnecting: false, lastActivity: 1000, error: null },
      reconnect: false,
    });
  });

  it('connecting and unavailable count as reconnecting', () => {
    for (const state of ['connecting', 'unavailable'] as const) {
      const { status, reconnect } = applyConnectionState(INITIAL_REALTIME_STATUS, state, 1);
      expect(status).toMatchObject({ isConnected: false, isReconnecting: true });
      expect(reconnect).toBe(false);
    }
  });

  it("failed sets 'Connection failed' and asks for a reconnect", () => {
    const { status, reconnect } = applyConnectionState(INITIAL_REALTIME_STATUS, 'failed', 1);
    expect(status.error).toBe('Connection failed');
    expect(status.isConnected).toBe(false);
    expect(reconnect).toBe(true);
  });

  it('disconnected and initialized do not reconnect', () => {
    const connected = applyConnectionState(INITIAL_REALTIME_STATUS, 'connected', 5).status;
    expect(applyConnectionState(connected, 'disconnected', 6)).toEqual({
      status: { ...connected, isConnected: false, isReconnecting: false },
      reconnect: false,
    });
    expect(applyConnectionState(connected, 'initialized', 6)).toEqual({ status: connected, reconnect: false });
  });
});
