// Links into the mini-app (DESIGN.md §6): the bot's buttons, the notification messages and e-mails build them here.

export interface LinkSettings {
  appUrl: string;
  botUsername: string | undefined;
  miniappShortName: string;
}

/** The mini-app's short name when MINIAPP_SHORT_NAME is not set (the API, the bot and the client agree on it). */
export const DEFAULT_MINIAPP_SHORT_NAME = 'app';

/**
 * A start value: the `startapp` of a t.me mini-app link (the mini-app's start_param) or the `/start` payload of the
 * bot (issue 13, DESIGN.md §6): `post_<id>` a listing, `filter_<id>` the feed with that saved filter, `search` the
 * feed, `pay` the payment page, `new` the sell form.
 */
export type StartPayload =
  | { kind: 'post'; postId: number }
  | { kind: 'filter'; filterId: number }
  | { kind: 'search' }
  | { kind: 'pay' }
  | { kind: 'new' };

/** Telegram allows A-Z, a-z, 0-9, _ and - in a start value, at most 64 characters (DESIGN.md §9). */
const START_VALUE = /^[\w-]{1,64}$/;
const WITH_ID = /^(post|filter)_(\d+)$/;
const KEYWORDS = ['search', 'pay', 'new'] as const;

/** A listing's or a saved filter's id as the database hands them out: a positive integer JavaScript holds exactly. */
function parseId(digits: string): number | undefined {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Every start value the product gives out, read into what it names; anything else (unknown, malformed, longer than
 * Telegram allows) is undefined, and the caller falls back to its plain start (the feed, the bot's greeting).
 */
export function parseStartPayload(payload: string): StartPayload | undefined {
  const value = payload.trim();
  if (!START_VALUE.test(value)) return undefined;
  const keyword = KEYWORDS.find((k) => k === value);
  if (keyword) return { kind: keyword };
  const m = WITH_ID.exec(value);
  const id = m ? parseId(m[2]!) : undefined;
  if (!m || id === undefined) return undefined;
  return m[1] === 'post' ? { kind: 'post', postId: id } : { kind: 'filter', filterId: id };
}

/** The start value of a place, for t.me links (`startapp=`) and the bot's buttons; parseStartPayload reads it back. */
export function formatStartPayload(start: StartPayload): string {
  switch (start.kind) {
    case 'post':
      return `post_${start.postId}`;
    case 'filter':
      return `filter_${start.filterId}`;
    default:
      return start.kind;
  }
}

/**
 * Where a button should lead. A t.me mini-app link works in every chat; without a bot username we fall back to
 * the site itself (the mini-app at /tma/ or the listing page).
 */
export function appLink(s: LinkSettings, startParam?: string): string {
  if (s.botUsername) {
    const base = `https://t.me/${s.botUsername}/${s.miniappShortName}`;
    return startParam ? `${base}?startapp=${encodeURIComponent(startParam)}` : base;
  }
  const start = startParam ? parseStartPayload(startParam) : undefined;
  if (start?.kind === 'post') return postPageUrl(s.appUrl, start.postId);
  return `${s.appUrl}/tma/`;
}

/** The listing's web page (e-mails link here: it opens in any browser). */
export function postPageUrl(appUrl: string, postId: number): string {
  return `${appUrl}/posts/${postId}`;
}

/** Telegram accepts web_app buttons only with https URLs. */
export function canUseWebApp(appUrl: string): boolean {
  return appUrl.startsWith('https://');
}
