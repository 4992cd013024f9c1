import type { Db } from '@autoradar/db';
import { createDomainEvents, type DomainEvents } from '@autoradar/server/events/domain-events';
import { createGuestAnnouncementJob } from '@autoradar/server/listings/guest-announcements';
import { createMediaStorage } from '@autoradar/server/media/storage';
import type { EventPublisher } from '@autoradar/server/realtime/live-events';
import { subscribeLiveEvents } from '@autoradar/server/realtime/subscribe-live-events';
import { startBot, type BotDeps } from './bot';
import type { readBotEnv } from './env';

// The bot as its own process (production compose; main.ts is its entry point, the tests start it here the same way).
// Its one fan-out of domain events carries what channel posts change (listing.published, listing.updated,
// listing.unpublished) and the end of an aggregated listing's delay; the realtime subscriber sends them to the API's
// websocket server through `publisher` (the Pusher HTTP events API). No subscriber here needs other processes'
// changes, so this process does not listen for them.

export interface BotProcessDeps {
  token: string;
  env: ReturnType<typeof readBotEnv>;
  log: BotDeps['log'];
  /** PostgreSQL (DATABASE_URL): /filters and /stop, channel posts, the delay job; without it /start and /help only. */
  db?: Db;
  /** Where channel photos are stored: the API's media directory (DATA_DIR/media, a shared volume). */
  mediaDir: string;
  publisher: EventPublisher;
  clock?: () => Date;
}

export interface BotProcess {
  events: DomainEvents;
  /** The webhook server's port in webhook mode. */
  webhookPort?: number;
  stop(): Promise<void>;
}

export async function startBotProcess(deps: BotProcessDeps): Promise<BotProcess> {
  const { db, log } = deps;
  const events = createDomainEvents({ log, ...(db ? { db } : {}) });
  if (!db) {
    const running = await startBot(deps.token, { ...deps.env, log });
    return { events, ...(running.webhookPort ? { webhookPort: running.webhookPort } : {}), stop: () => running.stop() };
  }
  const clock = deps.clock ?? (() => new Date());
  const unsubscribe = subscribeLiveEvents(events, { db, publisher: deps.publisher, clock });
  const running = await startBot(deps.token, {
    ...deps.env,
    log,
    db,
    clock,
    channelPosts: { storage: createMediaStorage({ mediaDir: deps.mediaDir }), events },
  });
  // Aggregated listings reach `posts` when their delay ends; the API instances run the same job, each listing once.
  const delayJob = createGuestAnnouncementJob({
    db,
    clock,
    log,
    announce: (postId) => events.emit('listing.published', { postId, audience: 'guests' }),
  });
  delayJob.start();
  return {
    events,
    ...(running.webhookPort ? { webhookPort: running.webhookPort } : {}),
    async stop() {
      await running.stop();
      await delayJob.stop();
      unsubscribe();
    },
  };
}
