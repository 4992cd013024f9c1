import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import {
  readHousekeepingSettings,
  startHousekeeping,
  type Housekeeping,
} from '@autoradar/server/housekeeping/housekeeping';
import { createMediaStorage } from '@autoradar/server/media/storage';
import type { Config } from '@autoradar/server/config/config';

/**
 * Housekeeping (issue 30) runs where the notification worker runs: here when the API runs it (the embedded setup,
 * NOTIFY_WORKER=true), otherwise in the worker processes. Not under NODE_ENV=test, whose clocks are made up.
 */
export function registerHousekeeping(
  app: FastifyInstance,
  deps: { handle: DbHandle; config: Config },
): Housekeeping | undefined {
  const { config } = deps;
  if (!config.notify.worker || config.env === 'test') return undefined;
  // Only a timer until the first run, a minute after start.
  const housekeeping = startHousekeeping({
    db: deps.handle.db,
    media: { mediaDir: config.mediaDir, ...createMediaStorage({ mediaDir: config.mediaDir }) },
    settings: readHousekeepingSettings(),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await housekeeping.stop();
  });
  return housekeeping;
}
