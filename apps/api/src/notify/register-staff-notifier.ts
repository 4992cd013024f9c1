import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createMailer, outboxDirOf } from '../mail/mailer';
import { createStaffNotifier, type StaffNotifier } from './staff-notifier';

/**
 * The staff notifier of the configuration: the bot writes to STAFF_CHAT_ID when BOT_TOKEN is set, e-mail goes to
 * STAFF_EMAIL (SMTP, or the local outbox). Deliveries still running finish before the app closes.
 */
export function registerStaffNotifier(app: FastifyInstance, config: Config): StaffNotifier {
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: outboxDirOf(config.dataDir) });
  const notifier = createStaffNotifier({
    ...(config.bot.token && config.staff.chatId
      ? { telegram: { apiUrl: config.bot.apiUrl, token: config.bot.token, chatId: config.staff.chatId } }
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
