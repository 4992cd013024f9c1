import path from 'node:path';
import type { DbHandle } from '@autoradar/db';
import { createDomainEvents, type DomainEvents } from '@autoradar/server/events/domain-events';
import { relayEvents } from '@autoradar/server/events/event-relay';
import {
  readHousekeepingSettings,
  startHousekeeping,
  type Housekeeping,
  type HousekeepingCounts,
  type HousekeepingSettings,
} from '@autoradar/server/housekeeping/housekeeping';
import { createMailer, outboxDirOf } from '@autoradar/server/mail';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import {
  createNotifyWorker,
  type NotifyWorker,
  type NotifyWorkerOptions,
} from '@autoradar/server/notify/notify-worker';
import { createMarketEstimator, type MarketEstimator } from '@autoradar/server/market/market-estimator';
import { wakeOnPublishedListings } from '@autoradar/server/notify/wake-on-listings';
import { wakeOnPriceChanges } from '@autoradar/server/notify/wake-on-price-changes';
import type { EventPublisher } from '@autoradar/server/realtime/live-events';
import { subscribeLiveEvents } from '@autoradar/server/realtime/subscribe-live-events';
import type { SchedulerTuning } from '@autoradar/server/sources/scheduler';
import { readSourcesConfig, type SourcesConfig } from '@autoradar/server/sources/sources-config';
import { startSources, type RunningSources } from '@autoradar/server/sources/start-sources';
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
  /**
   * Housekeeping (issue 30): on by default with the HOUSEKEEPING_* settings; `false` turns it off. `onRun` receives
   * what each run removed (the metrics counters).
   */
  housekeeping?: false | { settings?: HousekeepingSettings; onRun?: (counts: HousekeepingCounts) => void };
  /** The sources settings (issue 28); read from the environment when absent. SOURCES_SCHEDULER=false turns it off. */
  sources?: SourcesConfig;
  /** Where source photos are stored (<dataDir>/media by default, as the API serves them). */
  mediaDir?: string;
  /** Scheduler tuning beyond the settings (tests: a short lease). */
  sourcesTuning?: Partial<SchedulerTuning>;
}

export interface WorkerProcess {
  events: DomainEvents;
  worker: NotifyWorker;
  /** Undefined when turned off. */
  housekeeping: Housekeeping | undefined;
  /** Keeps the market estimates current (issue 33). */
  market: MarketEstimator;
  /** The sources scheduler, null when turned off. */
  sources: RunningSources | null;
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
  const market = createMarketEstimator({
    db: handle.db,
    events,
    log,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const stopRelay = await relayEvents(handle, events, log);
  worker.start();
  const mediaDir = deps.mediaDir ?? path.join(deps.dataDir, 'media');
  const housekeeping =
    deps.housekeeping === false
      ? undefined
      : startHousekeeping({
          db: handle.db,
          media: { mediaDir, ...createMediaStorage({ mediaDir }) },
          settings: deps.housekeeping?.settings ?? readHousekeepingSettings(),
          log,
          ...(deps.housekeeping?.onRun ? { onRun: deps.housekeeping.onRun } : {}),
        });
  market.start();
  const sources = startSources({
    db: handle.db,
    listings: { db: handle.db, events, ...(deps.clock ? { clock: deps.clock } : {}) },
    config: deps.sources ?? readSourcesConfig(),
    mediaDir,
    log,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.sourcesTuning ? { tuning: deps.sourcesTuning } : {}),
  });
  return {
    events,
    worker,
    housekeeping,
    market,
    sources,
    async stop() {
      await sources?.stop();
      await housekeeping?.stop();
      await stopRelay();
      for (const unsubscribe of subscriptions) unsubscribe();
      await market.stop();
      await worker.stop();
      mailer.close();
    },
  };
}
