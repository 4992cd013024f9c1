import type { DbHandle } from '@autoradar/db';
import { createDomainEvents, type DomainEvents } from '@autoradar/server/events/domain-events';
import { relayEvents } from '@autoradar/server/events/event-relay';
import { createMailer, outboxDirOf } from '@autoradar/server/mail';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import {
  createNotifyWorker,
  type NotifyWorker,
  type NotifyWorkerOptions,
} from '@autoradar/server/notify/notify-worker';
import { wakeOnPublishedListings } from '@autoradar/server/notify/wake-on-listings';
import { wakeOnPriceChanges } from '@autoradar/server/notify/wake-on-price-changes';
import type { EventPublisher } from '@autoradar/server/realtime/live-events';
import { subscribeLiveEvents } from '@autoradar/server/realtime/subscribe-live-events';
import type { readBotEnv } from './env';

// The worker as its own process (worker-main.ts is its entry point, the tests start it here the same way). Its one
// fan-out of domain events hears the listings every other process publishes (the relay over PostgreSQL NOTIFY), which
// wake the notification worker at once; what this process changes itself reaches the API's websocket server through
// `publisher` (the Pusher HTTP events API).

export interface WorkerProcessDeps {
  env: ReturnType<typeof readBotEnv>;
  /** PostgreSQL: an embedded PGlite belongs to the API process, which runs the worker itself. */
  handle: DbHandle;
  dataDir: string;
  log: NotifyWorkerOptions['log'];
  publisher: EventPublisher;
  smtpUrl?: string;
  mailFrom?: string;
  tuning?: Pick<NotifyWorkerOptions, 'concurrency' | 'leaseMs' | 'batchSize' | 'pollIntervalMs'>;
  clock?: () => Date;
}

export interface WorkerProcess {
  events: DomainEvents;
  worker: NotifyWorker;
  stop(): Promise<void>;
}

export async function startWorkerProcess(deps: WorkerProcessDeps): Promise<WorkerProcess> {
  const { env, handle, log } = deps;
  const events = createDomainEvents({ log, db: handle.db });
  const mailer = createMailer({
    smtpUrl: deps.smtpUrl,
    from: deps.mailFrom ?? `${env.appName} <no-reply@localhost>`,
    outboxDir: outboxDirOf(deps.dataDir),
  });
  const worker = createNotifyWorker({
    db: handle.db,
    log,
    appName: env.appName,
    links: { appUrl: env.appUrl, botUsername: env.botUsername, miniappShortName: env.miniappShortName },
    ...(env.token ? { telegram: createNotifyTelegramApi({ token: env.token, apiUrl: env.apiUrl }) } : {}),
    mailer,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...deps.tuning,
  });
  const subscriptions = [
    subscribeLiveEvents(events, {
      db: handle.db,
      publisher: deps.publisher,
      ...(deps.clock ? { clock: deps.clock } : {}),
    }),
    wakeOnPublishedListings(events, worker),
    wakeOnPriceChanges(events, worker),
  ];
  const stopRelay = await relayEvents(handle, events, log);
  worker.start();
  return {
    events,
    worker,
    async stop() {
      await stopRelay();
      for (const unsubscribe of subscriptions) unsubscribe();
      await worker.stop();
      mailer.close();
    },
  };
}
