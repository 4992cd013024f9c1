import type { FastifyInstance } from 'fastify';
import { createTelegramApi } from '@autoradar/server/telegram-api';
import type { Config } from '@autoradar/server/config/config';
import { createMailer, outboxDirOf } from '@autoradar/server/mail';
import { createStaffNotifier, type StaffNotifier } from '@autoradar/server/notify/staff-notifier';

/**
 * The staff notifier of the configuration: the bot writes to STAFF_CHAT_ID when BOT_TOKEN is set, e-mail goes to
 * STAFF_EMAIL (SMTP, or the local outbox). Its Api shares the token's rate budget with the bot of this process.
 * Deliveries still running finish before the app closes.
 */
export function registerStaffNotifier(app: FastifyInstance, config: Config): StaffNotifier {
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: outboxDirOf(config.dataDir),
  });
  const notifier = createStaffNotifier({
    ...(config.bot.token && config.staff.chatId
      ? {
          telegram: {
            api: createTelegramApi({ token: config.bot.token, apiUrl: config.bot.apiUrl }),
            chatId: config.staff.chatId,
          },
        }
      : {}),
    ...(config.staff.email ? { email: { to: config.staff.email, mailer } } : {}),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await notifier.idle();
    mailer.close();
  });
  return notifier;
}
