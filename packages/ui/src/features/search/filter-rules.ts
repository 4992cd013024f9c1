import type { Post, SearchPostsRequest } from '@autoradar/contract';
import {
  EMPTY_FILTER_CRITERIA,
  formatNumber,
  formatPrice,
  pickFilterCriteria,
  isSameFilterCriteria,
  parseDigitsInput,
  selectPlural,
  validateFilterRanges,
  type FieldErrors,
  type FilterCriteria,
} from '@autoradar/core';
import type { PostsStoreState } from '../../store/posts-store';
import { searchMessages as t } from './messages';

// The feed's filter rules that the UI alone needs; shared domain rules come from @autoradar/core.

/** The applied filter: saved-filter criteria plus the text query. */
export interface FeedCriteria extends FilterCriteria {
  search: string;
}

export const EMPTY_CRITERIA: FeedCriteria = { ...EMPTY_FILTER_CRITERIA, search: '' };

export function criteriaFromStore(state: PostsStoreState): FeedCriteria {
  return { ...pickFilterCriteria(state), search: state.searchQuery };
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The same filter gives the same key whatever order the ids were chosen in. */
export function criteriaKey(criteria: FeedCriteria): string {
  return JSON.stringify([
    sorted(criteria.brands),
    sorted(criteria.models),
    sorted(criteria.cities),
    criteria.priceFrom,
    criteria.priceTo,
    criteria.yearFrom,
    criteria.yearTo,
    Boolean(criteria.goodPriceOnly),
    criteria.search.trim(),
  ]);
}

/** The search request's filter part; a blank query is sent as null. */
export function toSearchFilter(criteria: FeedCriteria): SearchPostsRequest {
  const search = criteria.search.trim();
  return { ...pickFilterCriteria(criteria), search: search === '' ? null : search };
}

/** The next page after the last listing shown: keyset cursor (published_at, id), never an offset (DESIGN §4). */
export function nextPageRequest(criteria: FeedCriteria, last: Pick<Post, 'published_at' | 'id'>): SearchPostsRequest {
  return { ...toSearchFilter(criteria), older_published_at: last.published_at, olderId: last.id };
}

/** Whether the filter (text aside) differs from a saved one, or from no filter at all: saving is offered then. */
export function hasFilterChanges(criteria: FilterCriteria, saved: FilterCriteria | null | undefined): boolean {
  return !isSameFilterCriteria(criteria, saved ?? EMPTY_FILTER_CRITERIA);
}

/**
 * Counts above this are the planner's estimate, not a count (the API counts exactly up to 1 000 matches and answers
 * its estimate above, with meta.totalExact false: apps/api feed-counter.ts). Should move to core next to FEED_PAGE_SIZE.
 */
export const FEED_COUNT_EXACT_CAP = 1_000;

/** An estimate to three significant figures: 48 213 → 48 200, 1 234 567 → 1 230 000. */
export function roundEstimate(count: number): number {
  const digits = Math.floor(Math.log10(Math.max(1, count))) + 1;
  const step = 10 ** Math.max(0, digits - 3);
  return Math.round(count / step) * step;
}

/** A count as shown: exact up to the cap, «≈ 12 300» above it (an estimate shown as such, never a cap). */
export function formatFeedCount(count: number): string {
  return count > FEED_COUNT_EXACT_CAP ? t.approximately(formatNumber(roundEstimate(count))) : formatNumber(count);
}

const POSTS_FOUND = { one: 'объявление', few: 'объявления', many: 'объявлений' } as const;

/** «Найдено 21 объявление», «Найдено ≈ 48 200 объявлений». */
export function formatFoundLine(total: number): string {
  const noun = total > FEED_COUNT_EXACT_CAP ? POSTS_FOUND.many : selectPlural(total, POSTS_FOUND);
  return t.found(formatFeedCount(total), noun);
}

/** Toggles an id in a draft selection (order of choice kept). */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

/** Price and year fields of the range menus as typed. */
export interface RangeDraft {
  from: string;
  to: string;
}

export function priceDraftFrom(criteria: Pick<FilterCriteria, 'priceFrom' | 'priceTo'>): RangeDraft {
  return {
    from: criteria.priceFrom === null ? '' : formatNumber(criteria.priceFrom),
    to: criteria.priceTo === null ? '' : formatNumber(criteria.priceTo),
  };
}

export function yearDraftFrom(criteria: Pick<FilterCriteria, 'yearFrom' | 'yearTo'>): RangeDraft {
  return {
    from: criteria.yearFrom === null ? '' : String(criteria.yearFrom),
    to: criteria.yearTo === null ? '' : String(criteria.yearTo),
  };
}

/** What a price field shows as it is typed: digits only, grouped the ru-RU way; empty stays empty. */
export function formatPriceTyping(text: string): string {
  const value = parseDigitsInput(text);
  return value === null ? '' : formatNumber(value);
}

/** Year fields keep digits only, four at most. */
export function formatYearTyping(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4);
}

/** The price range a draft means (empty is null) and its errors by core's rules (0..100 000 000, from <= to). */
export function readPriceDraft(draft: RangeDraft, now: Date) {
  const range = { priceFrom: parseDigitsInput(draft.from), priceTo: parseDigitsInput(draft.to) };
  const { errors } = validateFilterRanges(range, now);
  return { range, errors: pick(errors, ['priceFrom', 'priceTo']) };
}

/** The year range a draft means (empty is null) and its errors (1900..current year, from <= to). */
export function readYearDraft(draft: RangeDraft, now: Date) {
  const range = { yearFrom: parseDigitsInput(draft.from), yearTo: parseDigitsInput(draft.to) };
  const { errors } = validateFilterRanges(range, now);
  return { range, errors: pick(errors, ['yearFrom', 'yearTo']) };
}

function pick(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const picked: FieldErrors = {};
  for (const key of keys) if (errors[key]) picked[key] = errors[key];
  return picked;
}

/** «от 500 000 ₽», «до 2 000 000 ₽», «500 000 – 2 000 000 ₽»; null when no bound is set. */
export function describePriceRange(priceFrom: number | null, priceTo: number | null): string | null {
  if (priceFrom === null && priceTo === null) return null;
  if (priceTo === null) return t.rangeFrom(formatPrice(priceFrom ?? 0));
  if (priceFrom === null) return t.rangeTo(formatPrice(priceTo));
  return `${formatNumber(priceFrom)} – ${formatPrice(priceTo)}`;
}

export function describeYearRange(yearFrom: number | null, yearTo: number | null): string | null {
  if (yearFrom === null && yearTo === null) return null;
  if (yearTo === null) return t.rangeFrom(String(yearFrom));
  if (yearFrom === null) return t.rangeTo(String(yearTo));
  return yearFrom === yearTo ? String(yearFrom) : `${yearFrom} – ${yearTo}`;
}

/** A chip's text for a selection: the one name, or the first name and how many more. */
export function describeSelection(names: readonly string[], count: number): string | null {
  if (count === 0) return null;
  const first = names[0];
  if (!first) return t.selectedCount(count);
  return count === 1 ? first : t.nameAndMore(first, count - 1);
}

/** Pixels from the top within which a new listing reloads the feed instead of raising the pill. */
export const AT_TOP_PX = 80;
