import { GrammyError, HttpError, type Api, type Transformer } from 'grammy';
import type { InlineKeyboardButton, InlineKeyboardMarkup, Message } from 'grammy/types';
import { appLink, formatStartPayload, type LinkSettings } from '@autoradar/core';
import { filterSwitchData } from './filter-switches';
import { createTelegramApi, fitTelegramText, TELEGRAM_CAPTION_LIMIT, type TelegramApiOptions } from '../telegram-api';
import { notifyMessages, type NotifiedListing } from './notify.messages';

// Telegram delivery of saved-filter notifications. The Api is the servers' one (throttler + auto-retry, one budget per
// bot token per process) with one more transformer, innermost: it runs after the throttler's wait and right before
// the HTTP call, and marks the delivery rows `sending` there. So a worker killed while it waits for its turn leaves
// plain `pending` rows (sent later by another worker), and only a kill during the call itself leaves an unknown result.

type BeforeSend = () => Promise<boolean>;
const beforeSendHooks = new WeakMap<object, BeforeSend>();

/** Thrown when the rows' lease was lost before the call: nothing was sent. */
export class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
  }
}

const markBeforeSend: Transformer = async (prev, method, payload, signal) => {
  const hook = payload && typeof payload === 'object' ? beforeSendHooks.get(payload) : undefined;
  if (hook && !(await hook())) throw new LeaseLostError();
  return prev(method, payload, signal);
};

/** The notification sender's Api: createTelegramApi's limits plus the `sending` mark right before each call. */
export function createNotifyTelegramApi(options: TelegramApiOptions): Api {
  return createTelegramApi(options, markBeforeSend);
}

export interface TelegramNotice {
  chatId: number;
  listings: (NotifiedListing & { filterId: number; photo?: { mediaId: number; url: string; fileId: string | null } })[];
}

export type SendOutcome =
  | { kind: 'sent'; photoFileId?: { mediaId: number; fileId: string } }
  | { kind: 'blocked'; error: string }
  | { kind: 'unknown'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string }
  | { kind: 'lost' };

function keyboardOf(links: LinkSettings, notice: TelegramNotice): InlineKeyboardMarkup {
  const { listings } = notice;
  const rows: InlineKeyboardButton[][] =
    listings.length === 1
      ? [
          [
            {
              text: notifyMessages.openPost,
              url: appLink(links, formatStartPayload({ kind: 'post', postId: listings[0]!.postId })),
            },
          ],
        ]
      : // Ten listings per message is plenty for one window (Telegram allows up to 100 buttons).
        listings.slice(0, 10).map((l, i) => [
          {
            text: notifyMessages.openPostNumbered(i + 1, l.title).slice(0, 60),
            url: appLink(links, formatStartPayload({ kind: 'post', postId: l.postId })),
          },
        ]);
  const filters = new Map(listings.map((l) => [l.filterId, l.filterName]));
  for (const [id, name] of [...filters].slice(0, 5)) {
    const text = filters.size === 1 ? notifyMessages.pauseFilter : notifyMessages.pauseFilterNamed(name).slice(0, 60);
    rows.push([{ text, callback_data: filterSwitchData('pause', id) }]);
  }
  return { inline_keyboard: rows };
}

/** How a failed Bot API call ends the delivery. */
export function classifyTelegramError(err: unknown): SendOutcome {
  if (err instanceof LeaseLostError) return { kind: 'lost' };
  if (err instanceof GrammyError) {
    const error = `${err.error_code}: ${err.description}`;
    if (err.error_code === 403) return { kind: 'blocked', error };
    if (err.error_code === 400) return { kind: 'failed', error };
    return { kind: 'retry', error };
  }
  if (err instanceof HttpError) return { kind: 'unknown', error: `Сеть: ${err.message}` };
  return { kind: 'retry', error: err instanceof Error ? err.message : String(err) };
}

/**
 * Sends one notice: a photo with a caption when the (single) listing has one (Telegram's file_id after its first
 * send), else a text message. A photo Telegram cannot take (400) falls back to text in the same attempt.
 * `beforeSend` marks the rows `sending`; it runs right before each HTTP call.
 */
export async function sendTelegramNotice(
  api: Api,
  links: LinkSettings,
  notice: TelegramNotice,
  beforeSend: BeforeSend,
): Promise<SendOutcome> {
  const reply_markup = keyboardOf(links, notice);
  const single = notice.listings.length === 1 ? notice.listings[0]! : undefined;
  const text = single ? notifyMessages.telegramOne(single) : notifyMessages.telegramGroup(notice.listings);
  try {
    if (single?.photo) {
      const photo = single.photo;
      const payload = {
        chat_id: notice.chatId,
        photo: photo.fileId ?? photo.url,
        caption: fitTelegramText(text, TELEGRAM_CAPTION_LIMIT),
        parse_mode: 'HTML' as const,
        reply_markup,
      };
      beforeSendHooks.set(payload, beforeSend);
      try {
        const sent: Message.PhotoMessage = await api.raw.sendPhoto(payload);
        const largest = sent.photo?.[sent.photo.length - 1];
        return largest && largest.file_id !== photo.fileId
          ? { kind: 'sent', photoFileId: { mediaId: photo.mediaId, fileId: largest.file_id } }
          : { kind: 'sent' };
      } catch (err) {
        if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
      }
    }
    const payload = { chat_id: notice.chatId, text: fitTelegramText(text), parse_mode: 'HTML' as const, reply_markup };
    beforeSendHooks.set(payload, beforeSend);
    await api.raw.sendMessage(payload);
    return { kind: 'sent' };
  } catch (err) {
    return classifyTelegramError(err);
  }
}
