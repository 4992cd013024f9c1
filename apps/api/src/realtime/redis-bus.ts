import { Redis } from 'ioredis';
import { maskSecret } from '../config';
import { parseRealtimeMessage, type RealtimeBus, type RealtimeListener } from './bus';
import type { RealtimeLog } from './log';

/**
 * One pub/sub channel per Pusher app id, so two deployments that share a Redis (staging beside production) never
 * see each other's events; the instances of one deployment share the app id and so the channel.
 */
export function redisChannelName(appId: string): string {
  return `autoradar:realtime:${appId}`;
}

export interface RedisBusOptions {
  url: string;
  appId: string;
  log: RealtimeLog;
  connectTimeoutMs?: number;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Every instance publishes to the channel and delivers what it reads back from it, its own events included: one path
 * for all events keeps each publisher's order the same on every instance. Events published while Redis is down are
 * lost (pub/sub keeps nothing); publishing then fails at once instead of queueing without bound.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<RealtimeBus> {
  const { url, appId, log } = options;
  const channel = redisChannelName(appId);
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  const publisher = new Redis(url, {
    lazyConnect: true,
    connectTimeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const subscriber = new Redis(url, { lazyConnect: true, connectTimeout });

  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    let down = false;
    // ioredis reports every failed reconnect; one line per outage is enough.
    client.on('error', (err: unknown) => {
      if (down) return;
      down = true;
      log.warn({ err, role }, 'realtime: Redis connection lost, reconnecting');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      log.info({ role }, 'realtime: Redis connection restored');
    });
  }

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`нет ответа за ${connectTimeout} мс`)), connectTimeout + 1_000);
      Promise.all([publisher.connect(), subscriber.connect()])
        .then(() => subscriber.subscribe(channel))
        .then(() => resolve(), reject)
        .finally(() => clearTimeout(timer));
    });
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis недоступен (REDIS_URL=${maskSecret('REDIS_URL', url)}): ${describe(err)}`, { cause: err });
  }

  const listeners = new Set<RealtimeListener>();
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseRealtimeMessage(text);
    if (!message) {
      log.warn({ channel }, 'realtime: malformed message on the Redis channel ignored');
      return;
    }
    for (const listener of listeners) listener(message);
  });

  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
