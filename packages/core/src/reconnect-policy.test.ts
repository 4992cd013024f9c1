import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_ATTEMPTS, RESUBSCRIBE_INTERVAL_MS } from './constants';
import { getChannelsToResubscribe, getReconnectDelay } from './reconnect-policy';

describe('getReconnectDelay', () => {
  it('waits 1 s times the attempt for at most 5 attempts', () => {
    expect(RECONNECT_MAX_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5].map(getReconnectDelay)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(getReconnectDelay(6)).toBeNull();
  });

  it('rejects attempts that are not 1-based whole numbers', () => {
    expect(getReconnectDelay(0)).toBeNull();
    expect(getReconnectDelay(-1)).toBeNull();
    expect(getReconnectDelay(1.5)).toBeNull();
  });
});

describe('getChannelsToResubscribe', () => {
  it('resubscribes tracked channels that are not subscribed, only while connected', () => {
    expect(RESUBSCRIBE_INTERVAL_MS).toBe(5000);
    const tracked = ['posts', 'private-user.1', 'post.7', 'posts'];
    expect(getChannelsToResubscribe(tracked, new Set(['posts']), true)).toEqual(['private-user.1', 'post.7']);
    expect(getChannelsToResubscribe(tracked, new Set(), false)).toEqual([]);
    expect(getChannelsToResubscribe(tracked, new Set(tracked), true)).toEqual([]);
  });
});
