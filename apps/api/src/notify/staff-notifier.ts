import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';

// Tells the team about something a user sent (support requests, inspection orders): a bot message to the staff
// chat (Telegram Bot API sendMessage) and/or an e-mail. Delivery runs after the request has answered; a failure is
// logged and never undoes what the user did (the ticket is stored either way).

export interface StaffNotice {
  subject: string;
  /** Plain text; sent without parse_mode, so nothing a user typed can turn into markup. */
  text: string;
}

export interface StaffNotifierConfig {
  telegram?: { apiUrl: string; token: string; chatId: string };
  email?: { to: string; mailer: Mailer };
  log: FastifyBaseLogger;
  /** Per-call limit for the Bot API. */
  timeoutMs?: number;
}

export interface StaffNotifier {
  /** Starts delivery in the background. */
  notify(notice: StaffNotice): void;
  /** Resolves when every delivery started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
  /** Which channels are configured: ['telegram', 'email'], or [] when nobody would be told. */
  readonly channels: readonly ('telegram' | 'email')[];
}

/** Telegram refuses messages longer than 4096 characters. */
export const TELEGRAM_TEXT_LIMIT = 4096;

export function fitTelegramText(text: string): string {
  return text.length <= TELEGRAM_TEXT_LIMIT ? text : `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…`;
}

async function sendTelegram(config: NonNullable<StaffNotifierConfig['telegram']>, text: string, timeoutMs: number): Promise<void> {
  const chatId = /^-?\d+$/.test(config.chatId) ? Number(config.chatId) : config.chatId;
  const res = await fetch(`${config.apiUrl}/bot${config.token}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text: fitTelegramText(text), link_preview_options: { is_disabled: true } }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
  if (!res.ok || !body?.ok) throw new Error(`Bot API sendMessage: ${res.status} ${body?.description ?? ''}`.trim());
}

export function createStaffNotifier(config: StaffNotifierConfig): StaffNotifier {
  const pending = new Set<Promise<void>>();
  const channels = [...(config.telegram ? (['telegram'] as const) : []), ...(config.email ? (['email'] as const) : [])];
  const timeoutMs = config.timeoutMs ?? 10_000;

  const deliver = async (notice: StaffNotice) => {
    const jobs: Promise<void>[] = [];
    if (config.telegram) {
      jobs.push(
        sendTelegram(config.telegram, `${notice.subject}\n\n${notice.text}`, timeoutMs).catch((err: unknown) =>
          config.log.error({ err }, 'staff notice not sent to Telegram'),
        ),
      );
    }
    if (config.email) {
      const { to, mailer } = config.email;
      jobs.push(
        mailer.send({ to, subject: notice.subject, text: notice.text }).catch((err: unknown) => config.log.error({ err }, 'staff notice not e-mailed')),
      );
    }
    if (jobs.length === 0) config.log.warn({ subject: notice.subject }, 'staff not notified: set STAFF_CHAT_ID (with BOT_TOKEN) or STAFF_EMAIL');
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
