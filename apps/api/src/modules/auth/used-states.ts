import { Redis } from 'ioredis';

/**
 * Spent OAuth state nonces: a state finishes one sign-in. With REDIS_URL the record is shared by every API instance
 * (the callback may reach another instance than the start); one process keeps it in memory. Records live as long as
 * the state would, so the store stays small.
 */
export interface UsedStates {
  /** Marks the nonce spent; false when it already was. */
  claim(nonce: string, expiresAt: number, now: Date): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryUsedStates(): UsedStates {
  const spent = new Map<string, number>();
  return {
    claim(nonce, expiresAt, now) {
      const nowSeconds = now.getTime() / 1000;
      for (const [key, until] of spent) if (until < nowSeconds) spent.delete(key);
      if (spent.has(nonce)) return Promise.resolve(false);
      spent.set(nonce, expiresAt);
      return Promise.resolve(true);
    },
    close: () => Promise.resolve(),
  };
}

export const USED_STATE_KEY_PREFIX = 'autoradar:oauth-state:';

export function createRedisUsedStates(url: string, opts: { connectTimeoutMs?: number } = {}): UsedStates {
  // No offline queue: with Redis down a claim fails at once (the sign-in returns to /login) instead of hanging.
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: opts.connectTimeoutMs ?? 5_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', () => undefined); // reported by the failing claim
  const connected = redis.connect().catch(() => undefined);
  return {
    async claim(nonce, expiresAt, now) {
      await connected;
      const ttl = Math.max(1, Math.ceil(expiresAt - now.getTime() / 1000));
      return (await redis.set(USED_STATE_KEY_PREFIX + nonce, '1', 'EX', ttl, 'NX')) === 'OK';
    },
    async close() {
      await connected;
      redis.disconnect();
    },
  };
}

export function createUsedStates(redisUrl: string | undefined): UsedStates {
  return redisUrl ? createRedisUsedStates(redisUrl) : createMemoryUsedStates();
}
