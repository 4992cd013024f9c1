import { Redis } from 'ioredis';
import { maskSecret } from '@autoradar/server/config/config';
import { parseRealtimeMessage, type RealtimeBus, type RealtimeListener, type RealtimeMessage } from './bus';
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
 * for all events keeps each publisher's order the same on every instance. While Redis is down the instance degrades
 * to a single one: an event published through it reaches its own clients directly, the other instances miss it
 * (pub/sub keeps nothing, and nothing is queued without bound); when Redis is back (ioredis reconnects and
 * resubscribes by itself) events cross again, with no restart.
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

  let closed = false;
  const deliverHere = (message: RealtimeMessage) => {
    for (const listener of listeners) listener(message);
  };
  return {
    kind: 'redis',
    async publish(message) {
      if (closed) throw new Error('realtime bus closed');
      // Not connected (down or reconnecting): this instance's own clients still get the event.
      if (publisher.status !== 'ready' || subscriber.status !== 'ready') {
        deliverHere(message);
        return;
      }
      try {
        await publisher.publish(channel, JSON.stringify(message));
      } catch (err) {
        log.warn({ err }, 'realtime: Redis publish failed, delivered on this instance only');
        deliverHere(message);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
