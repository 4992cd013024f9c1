import { findListingVinFacts } from '@autoradar/server/reports/vin-facts';
import {
  EMPTY_FILTER_CRITERIA,
  FEATURED_POSTS_LIMIT,
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  MY_POSTS_LIMIT,
  MESSAGES,
  getDelayCutoff,
  isPostVisible,
  pickFilterBounds,
  pickFilterFlags,
  validateFeedQueryLimits,
  type FilterCriteria,
  type TariffUser,
} from '@autoradar/core';
import { fieldErrorsToErrorBody, parseId } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import type { FeedCounter } from './feed-counter';
import { findPost, toPost, type PostRow } from '@autoradar/server/listings/post-row';
import * as repo from './posts.repo';
import type { Cursor, FeedCondition, SearchTerm, TimestampParam } from './feed-sql/condition';
import { countQuery, feedCountQuery } from './feed-sql/count';
import { findFeedPage } from './feed-sql/page';
import { findModelBrands, resolveTerms } from './feed-sql/terms';

export interface Viewer {
  user: TariffUser | null;
  now: Date;
}

/** The feed's filter: any of core's criteria (absent: any value) and the text query. */
export type FeedFilterInput = Partial<FilterCriteria> & { search?: string | null | undefined };

export interface SearchInput extends FeedFilterInput {
  latest_published_at?: string | null | undefined;
  newestId?: number | null | undefined;
  older_published_at?: string | null | undefined;
  olderId?: number | null | undefined;
}

export interface PostsContext {
  db: Db;
  counter: FeedCounter;
  terms: TermCache;
}

// --- input -> query -----------------------------------------------------------------------------------------

const FIRST_YEAR = new Date('0001-01-01T00:00:00.000Z').getTime();
const LAST_TIME = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * A client timestamp as PostgreSQL should read it: UTC with the client's microseconds kept, so a cursor taken from
 * a listing's published_at names exactly that instant. Out-of-range years are clamped (nothing is older or newer).
 */
export function toTimestampParam(iso: string): TimestampParam {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms))
    throw new DomainError('invalid', MESSAGES.validationFailed, { published_at: [MESSAGES.invalidDate] });
  const clamped = Math.min(LAST_TIME, Math.max(FIRST_YEAR, ms));
  const fraction = /T\d{2}:\d{2}:\d{2}[.,](\d+)/.exec(iso)?.[1] ?? '';
  const micros = clamped === ms ? fraction.padEnd(6, '0').slice(3, 6) : '000';
  return new Date(clamped).toISOString().replace('Z', `${micros}Z`);
}

const MAX_WORDS = 8;

/** Lower-cased words of the text query (letters and digits only; 'ё' read as 'е'), each once, at most 8. */
export function splitSearchWords(search: string | null | undefined): string[] {
  if (!search) return [];
  const words = search
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Resolved search words, reused for a minute: popular queries repeat, and the reference tables rarely change. */
export class TermCache {
  private readonly entries = new Map<string, { term: SearchTerm; expires: number }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  async resolve(db: Db, words: string[]): Promise<SearchTerm[]> {
    const now = Date.now();
    const missing = words.filter((w) => !((this.entries.get(w)?.expires ?? 0) > now));
    if (missing.length > 0) {
      for (const term of await resolveTerms(db, missing)) {
        if (this.entries.size >= this.options.maxEntries) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(term.word, { term, expires: now + this.options.ttlMs });
      }
    }
    return words.map((w) => this.entries.get(w)!.term);
  }
}

function checkLimits(input: FeedFilterInput & { ids?: number[] }): void {
  const limits = validateFeedQueryLimits(input);
  if (!limits.valid) {
    const body = fieldErrorsToErrorBody(limits.errors);
    throw new DomainError('invalid', body.message, body.errors);
  }
}

const unique = (ids: readonly number[] | undefined): number[] => [...new Set(ids ?? [])];

/**
 * The filter as ids and bounds. Brands and models follow core's matchFilter: a selected model adds its brand, and a
 * brand with selected models matches only those models. Unknown ids match nothing.
 */
export async function resolveFilter(ctx: PostsContext, input: FeedFilterInput, viewer: Viewer): Promise<FeedCondition> {
  checkLimits(input);
  // The contract keeps every id within its column; repeats are dropped so equal filters share cache keys.
  const brandIds = unique(input.brands);
  const selectedModels = await findModelBrands(ctx.db, unique(input.models));
  const narrowed = new Set(selectedModels.map((m) => m.brandId));
  return {
    cutoff: getDelayCutoff(viewer.user, viewer.now),
    anyModelBrandIds: brandIds.filter((id) => !narrowed.has(id)),
    modelIds: selectedModels.map((m) => m.id).sort((a, b) => a - b),
    cityIds: unique(input.cities).sort((a, b) => a - b),
    ...pickFilterBounds(input),
    ...pickFilterFlags(input),
    terms: await ctx.terms.resolve(ctx.db, splitSearchWords(input.search)),
  };
}

/** The key a count is cached under: the filter, and the viewer's tariff instead of the moving cutoff. */
function countKey(condition: FeedCondition, extra = ''): string {
  return JSON.stringify({ ...condition, cutoff: condition.cutoff === null ? 'pro' : 'basic' }) + extra;
}

function visibleOnly(cutoff: Date | null): FeedCondition {
  return {
    cutoff,
    anyModelBrandIds: [],
    modelIds: [],
    cityIds: [],
    ...pickFilterBounds(EMPTY_FILTER_CRITERIA),
    ...pickFilterFlags(EMPTY_FILTER_CRITERIA),
    terms: [],
  };
}

// --- rows -> contract ---------------------------------------------------------------------------------------

export { toPost };

// --- use cases ----------------------------------------------------------------------------------------------

/** The cursor of the next page down (older_published_at, olderId); null for the first page. */
export function olderCursor(input: Pick<SearchInput, 'older_published_at' | 'olderId'>): Cursor | null {
  return input.older_published_at
    ? { publishedAt: toTimestampParam(input.older_published_at), id: input.olderId ?? null }
    : null;
}

export async function searchPosts(ctx: PostsContext, input: SearchInput, viewer: Viewer) {
  const filter = await resolveFilter(ctx, input, viewer);
  const older = olderCursor(input);
  const newer: Cursor | null = input.latest_published_at
    ? { publishedAt: toTimestampParam(input.latest_published_at), id: input.newestId ?? null }
    : null;
  const visible = visibleOnly(filter.cutoff);
  const unfiltered = countKey(visible) === countKey(filter);
  const [rows, all] = await Promise.all([
    findFeedPage(ctx.db, filter, { older, newer, limit: FEED_PAGE_SIZE }),
    unfiltered ? null : ctx.counter.count(countKey(visible), countQuery(visible)),
  ]);
  // A first page that is not full holds every match: that is the exact count, with no statement of its own (and a
  // rare filter is what the count would find slowest).
  const total =
    !older && !newer && rows.length < FEED_PAGE_SIZE
      ? rows.length
      : await ctx.counter.count(countKey(filter), await feedCountQuery(ctx.db, filter), filter.terms.length > 0);
  return {
    data: rows.map((row) => toPost(row, viewer)),
    // An estimate of all listings must not read smaller than the filter's own count.
    meta: {
      total,
      all: Math.max(all ?? total, total),
      totalExact: ctx.counter.isExact(total),
      allExact: all === null ? ctx.counter.isExact(total) : ctx.counter.isExact(Math.max(all, total)),
    },
  };
}

export async function countNewPosts(
  ctx: PostsContext,
  input: FeedFilterInput & { latest_published_at: string | null },
  viewer: Viewer,
) {
  const filter = await resolveFilter(ctx, input, viewer);
  const costly = filter.terms.length > 0;
  if (!input.latest_published_at)
    return { count: await ctx.counter.count(countKey(filter), await feedCountQuery(ctx.db, filter), costly) };
  const latest = toTimestampParam(input.latest_published_at);
  const query = await feedCountQuery(ctx.db, filter, { publishedAt: latest, id: null });
  return { count: await ctx.counter.count(countKey(filter, `>${latest}`), query, costly) };
}

export type PostLookup = { found: 'visible'; row: PostRow } | { found: 'delayed' } | { found: 'none' };

/** A published listing and whether the viewer may see it yet (core isPostVisible). */
export async function lookUpPost(ctx: PostsContext, idParam: string, viewer: Viewer): Promise<PostLookup> {
  const id = parseId(idParam);
  const row = id === null ? undefined : await findPost(ctx.db, id);
  if (!row || row.status !== 'published') return { found: 'none' };
  if (!isPostVisible(row, viewer.user, viewer.now)) return { found: 'delayed' };
  return { found: 'visible', row };
}

/** Unknown, unpublished and still-delayed listings are 404s, each with its own Russian message. */
export async function getPost(ctx: PostsContext, idParam: string, viewer: Viewer) {
  const lookup = await lookUpPost(ctx, idParam, viewer);
  if (lookup.found === 'none') throw notFound(FEED_MESSAGES.postNotFound);
  if (lookup.found === 'delayed') throw notFound(FEED_MESSAGES.postDelayed);
  const data = toPost(lookup.row, viewer);
  return { data, vin_facts: await findListingVinFacts(ctx.db, data.id) };
}

export async function getNotes(ctx: PostsContext, ids: number[], viewer: Viewer) {
  checkLimits({ ids });
  const postIds = unique(ids);
  if (postIds.length === 0) return { data: [] };
  const filter = { ...visibleOnly(getDelayCutoff(viewer.user, viewer.now)), postIds };
  const rows = await findFeedPage(ctx.db, filter, { limit: postIds.length });
  return { data: rows.map((row) => toPost(row, viewer)) };
}

export async function getFeatured(ctx: PostsContext, viewer: Viewer) {
  const rows = await repo.findFeatured(ctx.db, getDelayCutoff(viewer.user, viewer.now), FEATURED_POSTS_LIMIT);
  return { data: rows.map((row) => toPost(row, viewer)) };
}

export async function getMyPosts(ctx: PostsContext, userId: number, viewer: Viewer) {
  const [rows, count] = await Promise.all([
    repo.findPostsOfUser(ctx.db, userId, MY_POSTS_LIMIT),
    repo.countPostsOfUser(ctx.db, userId),
  ]);
  return { data: rows.map((row) => toPost(row, viewer)), meta: { count } };
}
