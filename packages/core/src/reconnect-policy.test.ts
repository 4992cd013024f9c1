import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_ATTEMPTS, RESUBSCRIBE_INTERVAL_MS } from './constants';
import { getChannelsToResubscribe, getReconnectDelay, nextReconnectAttempt } from './reconnect-policy';

describe('getReconnectDelay', () => {
  it('waits 1 s times the attempt for at most 5 attempts', () => {
    expect(RECONNECT_MAX_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5].map((attempt) => getReconnectDelay(attempt))).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(getReconnectDelay(6)).toBeNull();
  });

  it('caps the delay at 10 s when more attempts are allowed', () => {
    expect(getReconnectDelay(9, 20)).toBe(9000);
    expect(getReconnectDelay(10, 20)).toBe(10_000);
    expect(getReconnectDelay(11, 20)).toBe(10_000);
    expect(getReconnectDelay(21, 20)).toBeNull();
  });

  it('rejects attempts that are not 1-based whole numbers', () => {
    expect(getReconnectDelay(0)).toBeNull();
    expect(getReconnectDelay(-1)).toBeNull();
    expect(getReconnectDelay(1.5)).toBeNull();
  });
});

describe('nextReconnectAttempt', () => {
  it('walks through five attempts, then gives up until the counter is reset', () => {
    const delays: number[] = [];
    let made = 0;
    for (let next = nextReconnectAttempt(made); next; next = nextReconnectAttempt(made)) {
      delays.push(next.delayMs);
      made = next.attempt;
    }
    expect(delays).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(nextReconnectAttempt(5)).toBeNull();
    // A successful manual connect resets the counter to 0.
    expect(nextReconnectAttempt(0)).toEqual({ attempt: 1, delayMs: 1000 });
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
