import type { Logger } from 'pino';
import { fitTelegramText, type TelegramApi } from '../telegram-api';
import type { Mailer } from '../mail';

// Tells the team about something a user sent (support requests, inspection orders): a bot message to the staff
// chat (sendMessage through the process's grammY Api, so Telegram's limits and 429 retry_after are honoured) and/or
// an e-mail. Delivery runs after the request has answered; a failure (a 403, a network error, a flood wait longer
// than the Api accepts) is logged and never undoes what the user did (the ticket is stored either way).

export interface StaffNotice {
  subject: string;
  /** Plain text; sent without parse_mode, so nothing a user typed can turn into markup. */
  text: string;
}

export interface StaffNotifierConfig {
  /** `api` from createTelegramApi (@autoradar/server/telegram-api); `chatId` is `-100…` or `@channel`. */
  telegram?: { api: TelegramApi; chatId: string };
  email?: { to: string; mailer: Mailer };
  /** The process's logger (the API's request-free app logger, or the bot's). */
  log: Pick<Logger, 'error' | 'warn'>;
}

export interface StaffNotifier {
  /** Starts delivery in the background. */
  notify(notice: StaffNotice): void;
  /** Resolves when every delivery started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
  /** Which channels are configured: ['telegram', 'email'], or [] when nobody would be told. */
  readonly channels: readonly ('telegram' | 'email')[];
}

async function sendTelegram(config: NonNullable<StaffNotifierConfig['telegram']>, text: string): Promise<void> {
  const chatId = /^-?\d+$/.test(config.chatId) ? Number(config.chatId) : config.chatId;
  await config.api.sendMessage(chatId, fitTelegramText(text), { link_preview_options: { is_disabled: true } });
}

export function createStaffNotifier(config: StaffNotifierConfig): StaffNotifier {
  const pending = new Set<Promise<void>>();
  const channels = [...(config.telegram ? (['telegram'] as const) : []), ...(config.email ? (['email'] as const) : [])];

  const deliver = async (notice: StaffNotice) => {
    const jobs: Promise<void>[] = [];
    if (config.telegram) {
      jobs.push(
        sendTelegram(config.telegram, `${notice.subject}\n\n${notice.text}`).catch((err: unknown) =>
          config.log.error({ err }, 'staff notice not sent to Telegram'),
        ),
      );
    }
    if (config.email) {
      const { to, mailer } = config.email;
      jobs.push(
        mailer
          .send({ to, subject: notice.subject, text: notice.text })
          .catch((err: unknown) => config.log.error({ err }, 'staff notice not e-mailed')),
      );
    }
    if (jobs.length === 0)
      config.log.warn(
        { subject: notice.subject },
        'staff not notified: set STAFF_CHAT_ID (with BOT_TOKEN) or STAFF_EMAIL',
      );
    await Promise.all(jobs);
  };

  return {
    channels,
    notify(notice) {
      const job = deliver(notice).finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
