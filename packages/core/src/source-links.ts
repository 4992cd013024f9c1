// Sources as an operator names them (issue 28): the links «Источники» and the sources CLI accept, the states and
// per-post outcomes they show, and why a post became no listing. Pure; the server stores and reads with them.
import type { NonSaleReason } from './analysis/sale';
import type { SourceKind, SourceReadVia, SourceState } from './aggregation';

/** A parsed source with the way it is read: a public name through the web preview, a chat id through the bot. */
export interface SourceLink {
  kind: SourceKind;
  identifier: string;
  readVia: SourceReadVia;
}

/** The longest link a person pastes for a source (`https://t.me/s/` and a 32-letter name fit well within it). */
export const SOURCE_LINK_MAX_LENGTH = 200;

/**
 * What a person pastes for a source: '@channel', 't.me/channel', 'https://t.me/channel', a numeric chat id '-100…'
 * (a channel that added our bot); 'vk.com/club123', 'vk.com/public123', or '-123' with kind vk (VK walls are read by
 * owner id). Null when it names no source.
 */
export function parseSourceLink(input: string, kind?: SourceKind): SourceLink | null {
  const value = input.trim();
  const vk = /^(?:https?:\/\/)?(?:m\.)?vk\.com\/(?:club|public)(\d+)\/?$/i.exec(value);
  if (vk?.[1]) return { kind: 'vk', identifier: `-${vk[1]}`, readVia: 'vk_wall' };
  if (kind === 'vk') return /^-?\d+$/.test(value) ? { kind: 'vk', identifier: value, readVia: 'vk_wall' } : null;
  const tg = /^(?:(?:https?:\/\/)?t\.me\/(?:s\/)?|@)?([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(value);
  if (tg?.[1]) return { kind: 'telegram', identifier: tg[1].toLowerCase(), readVia: 'telegram_preview' };
  if (/^-100\d{5,}$/.test(value)) return { kind: 'telegram', identifier: value, readVia: 'telegram_bot' };
  return null;
}

/** The source's own address as a person writes it: t.me/name, vk.com/club123, or the bot channel's chat id. */
export function formatSourceLink(source: { kind: SourceKind; identifier: string }): string {
  if (source.kind === 'vk') {
    return /^-\d+$/.test(source.identifier)
      ? `vk.com/club${source.identifier.slice(1)}`
      : `vk.com/id${source.identifier}`;
  }
  return /^-?\d+$/.test(source.identifier) ? source.identifier : `t.me/${source.identifier}`;
}

/**
 * What became of one post a source showed: published as a new listing, or rejected — not a sale (a purchase, a
 * service, news, sold…), a duplicate of a listing we already have (a repost, the same car elsewhere), or not
 * understood (no vehicle found in it).
 */
export const SOURCE_POST_OUTCOMES = ['published', 'not_sale', 'duplicate', 'unparsed'] as const;
export type SourcePostOutcome = (typeof SOURCE_POST_OUTCOMES)[number];

/** The analysis's reasons that say it could not tell what is sold, rather than that nothing is. */
const UNPARSED: ReadonlySet<NonSaleReason> = new Set(['no-vehicle', 'no-description']);

/** A post the analysis refused: not understood, or understood as no sale. */
export function rejectedOutcomeOf(reason: NonSaleReason | null): Exclude<SourcePostOutcome, 'published' | 'duplicate'> {
  return reason === null || UNPARSED.has(reason) ? 'unparsed' : 'not_sale';
}

export const SOURCE_STATE_LABELS: Record<SourceState, string> = {
  active: 'активен',
  paused: 'на паузе',
  broken: 'не читается',
};

export const SOURCE_POST_OUTCOME_LABELS: Record<SourcePostOutcome, string> = {
  published: 'опубликован',
  not_sale: 'не продажа',
  duplicate: 'дубликат',
  unparsed: 'не разобрано',
};

export const SOURCE_READ_VIA_LABELS: Record<SourceReadVia, string> = {
  telegram_preview: 'Telegram, веб-просмотр',
  telegram_mtproto: 'Telegram, MTProto',
  telegram_bot: 'Telegram, через бота',
  vk_wall: 'ВКонтакте, стена',
};

export const SOURCE_MESSAGES = {
  linkRequired: 'Укажите ссылку на канал или сообщество',
  badLink: 'Не понимаю ссылку: укажите t.me/канал, @канал или vk.com/club123',
  exists: 'Этот источник уже добавлен',
} as const;
