import type { FastifyInstance } from 'fastify';
import type { User } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import type { Config } from '../config';
import { broadcastingAuthRoutes } from './broadcasting-auth.routes';
import { createBroadcaster, type Broadcaster } from './broadcaster';
import { createLocalBus, type RealtimeBus } from './bus';
import type { RealtimeLog } from './log';
import { defaultAllowedOrigins } from './origins';
import { createGuestAnnouncementJob, type GuestAnnouncementJob } from '@autoradar/server/listings/guest-announcements';
import { createListingAnnouncer, type ListingAnnouncer } from '@autoradar/server/listings/listing-announcer';
import { publishUserUpdated, type EventPublisher } from './publish-events';
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

/** What a listing change announces, with the app's broadcaster and clock (packages/server listing-announcer.ts). */
export function listingAnnouncer(app: FastifyInstance, db: Db): ListingAnnouncer {
  // Read at each event: app.ts hands the listeners out before registerRealtime decorates the broadcaster.
  const publisher: EventPublisher = { publish: (...args) => app.broadcaster.publish(...args) };
  return createListingAnnouncer({ db, publisher, clock: () => app.clock() });
}

/**
 * `post.published` on `posts` for a listing guests may see now, as a guest sees it: `posts` is public, so nothing goes
 * out while guests must still wait for the listing (aggregated ones, for 24 hours). Resolves with whether it went out.
 */
export function publishIfVisibleToGuests(app: FastifyInstance, db: Db, postId: number): Promise<boolean> {
  return listingAnnouncer(app, db).dueForGuests(postId);
}

/**
 * What other modules announce, turned into live events (app.ts hands these to them). Never throws into the module
 * that announced: its change is committed already, so a failure is only logged. `postPublished` is the listing's
 * publish: `private-posts.pro` at once, `posts` at once for own listings (aggregated ones: the delay job).
 */
export function liveEventListeners(app: FastifyInstance, db: Db) {
  const logFailure = (err: unknown) => app.log.error({ err }, 'realtime: live event not published');
  const listings = listingAnnouncer(app, db);
  return {
    userUpdated: (user: User): void => void publishUserUpdated(app.broadcaster, user).catch(logFailure),
    postUnpublished: (postId: number): void => void listings.unpublished(postId).catch(logFailure),
    postPublished: (postId: number): void => void listings.published(postId).catch(logFailure),
    postUpdated: (postId: number): void => void listings.updated(postId).catch(logFailure),
  };
}

/**
 * The delay job of this process (packages/server guest-announcements.ts): announces aggregated listings on `posts`
 * when their 24 hours are over. Every instance (and the bot's process) may run one; each due listing goes out once.
 * Started with the app and stopped when it closes; `app.guestAnnouncements.runDue()` drives it in tests.
 */
export function registerGuestAnnouncements(app: FastifyInstance, db: Db, opts: { start?: boolean } = {}): void {
  const listings = listingAnnouncer(app, db);
  const job = createGuestAnnouncementJob({
    db,
    clock: () => app.clock(),
    announce: (postId) => listings.dueForGuests(postId),
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
