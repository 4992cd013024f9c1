import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { createMailer, outboxDirOf } from '@autoradar/server/mail';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import { createNotifyWorker, type NotifyWorker } from '@autoradar/server/notify/notify-worker';
import { wakeOnPublishedListings } from '@autoradar/server/notify/wake-on-listings';
import { wakeOnPriceChanges } from '@autoradar/server/notify/wake-on-price-changes';
import type { Config } from '@autoradar/server/config/config';

/**
 * The saved-filter notification worker inside the API process (the embedded default, beside the bot): it starts with
 * the app and stops with it. With NOTIFY_WORKER=false the API only enqueues and separate worker processes
 * (`pnpm --filter @autoradar/bot worker`) deliver. Telegram needs BOT_TOKEN; e-mail goes over SMTP_URL or to the outbox.
 */
export function registerNotifyWorker(
  app: FastifyInstance,
  deps: { handle: DbHandle; config: Config; clock: () => Date; events: DomainEvents },
): NotifyWorker | undefined {
  const { config } = deps;
  if (!config.notify.worker) return undefined;
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: outboxDirOf(config.dataDir),
  });
  const worker = createNotifyWorker({
    db: deps.handle.db,
    clock: deps.clock,
    log: app.log,
    appName: config.appName,
    links: { appUrl: config.appUrl, botUsername: config.bot.username, miniappShortName: config.bot.miniappShortName },
    ...(config.bot.token
      ? { telegram: createNotifyTelegramApi({ token: config.bot.token, apiUrl: config.bot.apiUrl }) }
      : {}),
    mailer,
  });
  // A listing published here or in another process (the bot, a worker) wakes it at once.
  const unsubscribe = wakeOnPublishedListings(deps.events, worker);
  const unsubscribePrices = wakeOnPriceChanges(deps.events, worker);
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribePrices();
    await worker.stop();
    mailer.close();
  });
  return worker;
}
