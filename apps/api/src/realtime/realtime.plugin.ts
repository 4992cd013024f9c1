import type { FastifyInstance } from 'fastify';
import type { Db } from '@autoradar/db';
import type { Config } from '@autoradar/server/config/config';
import { broadcastingAuthRoutes } from './broadcasting-auth.routes';
import { createBroadcaster, type Broadcaster } from './broadcaster';
import { createLocalBus, type RealtimeBus } from './bus';
import type { RealtimeLog } from './log';
import { defaultAllowedOrigins } from './origins';
import { createGuestAnnouncementJob, type GuestAnnouncementJob } from '@autoradar/server/listings/guest-announcements';
import { subscribeLiveEvents } from '@autoradar/server/realtime/subscribe-live-events';
import { createRedisBus } from './redis-bus';
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './websocket-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits live events to websocket clients (see publish-events.ts for the product's four). */
    broadcaster: Broadcaster;
    /** What the websocket server of this process listens to (main.ts starts it). */
    realtimeBus: RealtimeBus;
    /** The delay job announcing aggregated listings on `posts` when their 24 hours are over. */
    guestAnnouncements: GuestAnnouncementJob;
  }
}

type RealtimeConfig = Pick<Config, 'env' | 'host' | 'appUrl' | 'redisUrl' | 'reverb'>;

/**
 * Decorates the app with the broadcaster and registers POST /broadcasting/auth. With REDIS_URL the bus is Redis
 * pub/sub shared by every instance, else in-process; it closes with the app.
 */
export async function registerRealtime(app: FastifyInstance, config: RealtimeConfig): Promise<void> {
  const bus = config.redisUrl
    ? await createRedisBus({ url: config.redisUrl, appId: config.reverb.appId, log: app.log })
    : createLocalBus();
  app.addHook('onClose', () => bus.close());
  app.decorate('realtimeBus', bus);
  app.decorate('broadcaster', createBroadcaster(bus, app.log));
  broadcastingAuthRoutes(app, config.reverb);
}

/**
 * The realtime subscriber of the app's fan-out: what this process changes reaches websocket clients through the
 * broadcaster (in-process, or every instance through Redis). Call after registerRealtime.
 */
export function registerLiveEvents(app: FastifyInstance, db: Db): void {
  const unsubscribe = subscribeLiveEvents(app.events, { db, publisher: app.broadcaster, clock: () => app.clock() });
  app.addHook('onClose', async () => unsubscribe());
}

/**
 * The delay job of this process (packages/server guest-announcements.ts): when an aggregated listing's 24 hours are
 * over it announces `listing.published` for guests on the fan-out (realtime sends it on `posts`, feed caches clear).
 * Every instance (and the bot's process) may run one; each due listing goes out once.
 * Started with the app and stopped when it closes; `app.guestAnnouncements.runDue()` drives it in tests.
 */
export function registerGuestAnnouncements(app: FastifyInstance, db: Db, opts: { start?: boolean } = {}): void {
  const job = createGuestAnnouncementJob({
    db,
    clock: () => app.clock(),
    announce: (postId) => app.events.emit('listing.published', { postId, audience: 'guests' }),
    log: app.log,
  });
  app.decorate('guestAnnouncements', job);
  if (opts.start ?? true)
    app.addHook('onReady', async () => {
      job.start();
    });
  app.addHook('onClose', () => job.stop());
}

export function realtimeServerOptions(
  config: RealtimeConfig,
  bus: RealtimeBus,
  log: RealtimeLog,
): RealtimeServerOptions {
  const { reverb } = config;
  return {
    app: { id: reverb.appId, key: reverb.key, secret: reverb.secret },
    host: config.host,
    port: reverb.port,
    allowedOrigins: reverb.allowedOrigins ?? defaultAllowedOrigins(config.appUrl, config.env),
    bus,
    limits: {
      maxConnections: reverb.maxConnections,
      maxSubscriptionsPerConnection: reverb.maxSubscriptions,
      maxMessageBytes: reverb.maxMessageSize,
    },
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
    if (code === 'EADDRINUSE')
      throw new Error(`Порт ${port} занят: задайте другой в REVERB_PORT или остановите процесс, который его занял`, {
        cause: err,
      });
    if (code === 'EACCES')
      throw new Error(`Нет прав открыть порт ${port}: задайте в REVERB_PORT порт выше 1024`, { cause: err });
    throw new Error(
      `Не удалось запустить веб-сокеты на порту ${port}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}

/** The start-up line: where pusher-js connects, and how events reach the other instances. */
export function describeRealtimeServer(config: RealtimeConfig, server: RealtimeServer, bus: RealtimeBus): string {
  const host = new URL(config.appUrl).hostname;
  const fanOut = bus.kind === 'redis' ? 'через Redis между экземплярами' : 'в этом процессе (REDIS_URL не задан)';
  return `Веб-сокеты (протокол Pusher, как Reverb): ws://${host}:${server.port}/app/${config.reverb.key}; события ${fanOut}`;
}
