import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryUsedStates, createRedisUsedStates } from './used-states';

// Runs against the Redis of the machine (127.0.0.1:6379, as CI starts it), like the realtime fan-out tests.
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const now = new Date('2026-11-21T12:00:00Z');
const inTenMinutes = now.getTime() / 1000 + 600;
const nonce = () => randomBytes(16).toString('base64url');

describe('spent OAuth states', () => {
  it('in one process: a nonce is claimed once, and forgotten after its state expired', async () => {
    const store = createMemoryUsedStates();
    const n = nonce();
    expect(await store.claim(n, inTenMinutes, now)).toBe(true);
    expect(await store.claim(n, inTenMinutes, now)).toBe(false);
    expect(await store.claim(nonce(), inTenMinutes, now)).toBe(true);
    // Eleven minutes on, the state itself is refused as expired, so its record is dropped and the store stays small.
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await store.claim(n, later.getTime() / 1000 + 600, later)).toBe(true);
  });

  it('through Redis: a nonce spent on one API instance is spent on every other', async () => {
    const first = createRedisUsedStates(REDIS_URL);
    const second = createRedisUsedStates(REDIS_URL);
    try {
      const n = nonce();
      expect(await first.claim(n, inTenMinutes, now)).toBe(true);
      expect(await second.claim(n, inTenMinutes, now)).toBe(false);
      expect(await first.claim(n, inTenMinutes, now)).toBe(false);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('through Redis: a claim fails instead of hanging when Redis is unreachable', async () => {
    const store = createRedisUsedStates('redis://127.0.0.1:1', { connectTimeoutMs: 500 });
    try {
      await expect(store.claim(nonce(), inTenMinutes, now)).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
