import { BASIC_DELAY_HOURS } from './constants';
import { getDelayCutoff, isOwnPost } from './is-post-visible';
import type { TariffUser } from './is-pro-active';
import { MESSAGES } from './messages';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';
import { toDate } from './zoned-time';

// The feed's fixed sizes and the per-viewer flags of a listing (spec §2 search screen, §3 Post).

/** Listings per feed page; divisible by 1, 2, 3 and 4 so every column layout ends on a full row. */
export const FEED_PAGE_SIZE = 24;
/** Listings in the landing carousel. */
export const FEATURED_POSTS_LIMIT = 10;
/** Most ids one list of a search or a favourites request may carry (far above any real selection). */
export const FEED_IDS_MAX = 500;
/** Longest text query. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Own listings the profile lists; a person has a handful, the cap only guards. */
export const MY_POSTS_LIMIT = 1_000;
/** How long a listing counts as new after it became visible to the viewer. */
export const NEW_POST_HOURS = 24;

export const FEED_MESSAGES = {
  postNotFound: 'Объявление не найдено или снято с публикации',
  postDelayed: `Это объявление появилось меньше ${BASIC_DELAY_HOURS} часов назад: с тарифом PRO оно доступно сразу`,
  tooManyIds: (max: number) => `Не более ${max} значений`,
} as const;

type Timestamp = string | Date;

/**
 * When the listing became visible to this viewer: own listings and PRO viewers at publication, everyone else
 * BASIC_DELAY_HOURS later.
 */
export function getVisibleSince(
  post: { channel: string; published_at: Timestamp },
  user: TariffUser | null | undefined,
  now: Date,
): Date {
  const published = toDate(post.published_at);
  if (isOwnPost(post) || getDelayCutoff(user, now) === null) return published;
  return new Date(published.getTime() + BASIC_DELAY_HOURS * 3_600_000);
}

/** `isNew`: visible to this viewer for less than NEW_POST_HOURS (the card is highlighted). */
export function isPostNew(
  post: { channel: string; published_at: Timestamp },
  user: TariffUser | null | undefined,
  now: Date,
): boolean {
  const age = now.getTime() - getVisibleSince(post, user, now).getTime();
  return age >= 0 && age < NEW_POST_HOURS * 3_600_000;
}

/** Changes within this long of creation (media attached by the same import) are part of creating the listing. */
export const UPDATE_GRACE_MS = 60_000;

/** `isUpdated`: the listing was changed after it was created (edited, re-priced). */
export function isPostUpdated(post: { created_at: Timestamp; updated_at: Timestamp }): boolean {
  return toDate(post.updated_at).getTime() - toDate(post.created_at).getTime() > UPDATE_GRACE_MS;
}

export interface FeedQueryLimits {
  brands?: readonly number[] | null;
  models?: readonly number[] | null;
  cities?: readonly number[] | null;
  ids?: readonly number[] | null;
  search?: string | null;
}

/** Size limits of a feed request: at most FEED_IDS_MAX ids per list and SEARCH_QUERY_MAX_LENGTH characters. */
export function validateFeedQueryLimits(query: FeedQueryLimits): ValidationResult {
  const errors: FieldErrors = {};
  for (const field of ['brands', 'models', 'cities', 'ids'] as const) {
    if ((query[field]?.length ?? 0) > FEED_IDS_MAX) errors[field] = FEED_MESSAGES.tooManyIds(FEED_IDS_MAX);
  }
  if ((query.search?.length ?? 0) > SEARCH_QUERY_MAX_LENGTH)
    errors.search = MESSAGES.maxLength(SEARCH_QUERY_MAX_LENGTH);
  return toValidationResult(errors);
}
