import type { FastifyInstance } from 'fastify';
import type { User } from '@autoradar/contract';
import { isPostVisible } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { Config } from '../config';
import { broadcastingAuthRoutes } from './broadcasting-auth.routes';
import { createBroadcaster, type Broadcaster } from './broadcaster';
import { createLocalBus, type RealtimeBus } from './bus';
import type { RealtimeLog } from './log';
import { defaultAllowedOrigins } from './origins';
import { findPost } from '../modules/posts/posts.repo';
import { toPost } from '../modules/posts/posts.service';
import { publishPostPublished, publishPostUnpublished, publishUserUpdated } from './publish-events';
import { createRedisBus } from './redis-bus';
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './websocket-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits live events to websocket clients (see publish-events.ts for the product's four). */
    broadcaster: Broadcaster;
    /** What the websocket server of this process listens to (main.ts starts it). */
    realtimeBus: RealtimeBus;
  }
}

type RealtimeConfig = Pick<Config, 'env' | 'host' | 'appUrl' | 'redisUrl' | 'reverb'>;

/**
 * Decorates the app with the broadcaster and registers POST /broadcasting/auth. With REDIS_URL the bus is Redis
 * pub/sub shared by every instance, else in-process; it closes with the app.
 */
export async function registerRealtime(app: FastifyInstance, config: RealtimeConfig): Promise<void> {
  const bus = config.redisUrl ? await createRedisBus({ url: config.redisUrl, appId: config.reverb.appId, log: app.log }) : createLocalBus();
  app.addHook('onClose', () => bus.close());
  app.decorate('realtimeBus', bus);
  app.decorate('broadcaster', createBroadcaster(bus, app.log));
  broadcastingAuthRoutes(app, config.reverb);
}

/**
 * `post.published` for a listing that just became visible, as a guest sees it: `posts` is public, so nothing goes out
 * while guests must still wait for the listing (aggregated ones, for 24 hours). Resolves with whether it went out.
 */
export async function publishIfVisibleToGuests(app: FastifyInstance, db: Db, postId: number): Promise<boolean> {
  const row = await findPost(db, postId);
  const guest = { user: null, now: app.clock() };
  if (!row || row.status !== 'published' || !isPostVisible(row, guest.user, guest.now)) return false;
  await publishPostPublished(app.broadcaster, toPost(row, guest));
  return true;
}

/**
 * What other modules announce, turned into live events (app.ts hands these to them). Never throws into the module
 * that announced: its change is committed already, so a failure is only logged.
 */
export function liveEventListeners(app: FastifyInstance, db: Db) {
  const logFailure = (err: unknown) => app.log.error({ err }, 'realtime: live event not published');
  return {
    userUpdated: (user: User): void => void publishUserUpdated(app.broadcaster, user).catch(logFailure),
    postUnpublished: (postId: number): void => void publishPostUnpublished(app.broadcaster, postId).catch(logFailure),
    postPublished: (postId: number): void => void publishIfVisibleToGuests(app, db, postId).catch(logFailure),
  };
}

export function realtimeServerOptions(config: RealtimeConfig, bus: RealtimeBus, log: RealtimeLog): RealtimeServerOptions {
  const { reverb } = config;
  return {
    app: { id: reverb.appId, key: reverb.key, secret: reverb.secret },
    host: config.host,
    port: reverb.port,
    allowedOrigins: reverb.allowedOrigins ?? defaultAllowedOrigins(config.appUrl, config.env),
    bus,
    limits: { maxConnections: reverb.maxConnections, maxSubscriptionsPerConnection: reverb.maxSubscriptions, maxMessageBytes: reverb.maxMessageSize },
    log,
  };
}

/** The websocket server of `pnpm start`, on REVERB_PORT; a start failure comes back as one Russian line. */
export async function startRealtimeFromConfig(app: FastifyInstance, config: RealtimeConfig): Promise<RealtimeServer> {
  try {
    return await startRealtimeServer(realtimeServerOptions(config, app.realtimeBus, app.log));
  } catch (err) {
    const { port } = config.reverb;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`Порт ${port} занят: задайте другой в REVERB_PORT или остановите процесс, который его занял`, { cause: err });
    if (code === 'EACCES') throw new Error(`Нет прав открыть порт ${port}: задайте в REVERB_PORT порт выше 1024`, { cause: err });
    throw new Error(`Не удалось запустить веб-сокеты на порту ${port}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** The start-up line: where pusher-js connects, and how events reach the other instances. */
export function describeRealtimeServer(config: RealtimeConfig, server: RealtimeServer, bus: RealtimeBus): string {
  const host = new URL(config.appUrl).hostname;
  const fanOut = bus.kind === 'redis' ? 'через Redis между экземплярами' : 'в этом процессе (REDIS_URL не задан)';
  return `Веб-сокеты (протокол Pusher, как Reverb): ws://${host}:${server.port}/app/${config.reverb.key}; события ${fanOut}`;
}
