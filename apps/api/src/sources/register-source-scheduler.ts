import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { readSourcesConfig, type SourcesConfig } from '@autoradar/server/sources/sources-config';
import { startSources, type RunningSources } from '@autoradar/server/sources/start-sources';
import type { Config } from '@autoradar/server/config/config';

export interface SourceSchedulerHandle {
  /** Reads a just added or resumed source now instead of at the next poll. */
  wake(): void;
}

/**
 * The sources scheduler (issue 28) inside the API process: `pnpm start` on the embedded default reads the sources as
 * the worker process does, under the notification worker's switch (NOTIFY_WORKER=false leaves it to the worker
 * processes) and SOURCES_SCHEDULER. Not under NODE_ENV=test, whose clocks are made up.
 */
export function registerSourceScheduler(
  app: FastifyInstance,
  deps: { handle: DbHandle; config: Config; clock: () => Date; events: DomainEvents; sources?: SourcesConfig },
): SourceSchedulerHandle | undefined {
  const { config } = deps;
  if (!config.notify.worker || config.env === 'test') return undefined;
  // A wrong setting stops the start with its one Russian line, as the other settings do.
  const sourcesConfig = deps.sources ?? readSourcesConfig();
  if (!sourcesConfig.scheduler.enabled) return undefined;
  let running: RunningSources | null = null;
  app.addHook('onReady', async () => {
    running = startSources({
      db: deps.handle.db,
      listings: { db: deps.handle.db, events: deps.events, clock: deps.clock },
      config: sourcesConfig,
      mediaDir: config.mediaDir,
      log: app.log,
      clock: deps.clock,
    });
    if (running) app.log.info({ worker: running.scheduler.workerId }, 'sources scheduler started');
  });
  app.addHook('onClose', async () => {
    await running?.stop();
  });
  return { wake: () => running?.scheduler.wake() };
}
