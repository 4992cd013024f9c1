import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { createMarketEstimator, type MarketEstimator } from '@autoradar/server/market/market-estimator';
import type { Config } from '@autoradar/server/config/config';

/**
 * The market estimates job (issue 33) inside the API process, beside the notification worker and under the same
 * switch: with NOTIFY_WORKER=false the separate worker processes (`pnpm --filter @autoradar/bot worker`) run it.
 */
export function registerMarketEstimator(
  app: FastifyInstance,
  deps: { handle: DbHandle; config: Config; clock: () => Date; events: DomainEvents },
): MarketEstimator | undefined {
  if (!deps.config.notify.worker) return undefined;
  const estimator = createMarketEstimator({ db: deps.handle.db, events: deps.events, log: app.log, clock: deps.clock });
  app.addHook('onReady', async () => {
    estimator.start();
  });
  app.addHook('onClose', async () => {
    await estimator.stop();
  });
  return estimator;
}
