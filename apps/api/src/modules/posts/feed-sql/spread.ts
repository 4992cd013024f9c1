import { sql } from 'drizzle-orm';
import type { Db } from '@autoradar/db';
import type { FeedCondition, SearchTerm } from './condition';
import { parseNumberArray, parseTextArray } from './pg-arrays';

// The planner's statistics (pg_stats) of brand, model, city and the document's lexemes, and the two choices they
// advise: which one-id feed index a walk reads, and whether gathered text goes through the text index. Neither
// changes a result, only how far a statement reads (docs/decisions.md "Feed plans per filter shape").

/** How common a value of a column is: the planner's most common values and an even share of the rest. */
interface Frequencies {
  common: Map<number, number>;
  rest: number;
}

/** The one-id feed index a walk may read instead of the whole feed: posts_brand/model/city_feed_idx. */
export type WalkOn = 'brand' | 'model' | 'city';

export type Spread = Record<WalkOn, Frequencies> & {
  /** Listings in all (the planner's estimate). */
  rows: number;
  /** Share of listings whose document holds each of the most common lexemes. */
  lexemes: Map<string, number>;
};

function frequency(f: Frequencies, id: number): number {
  return f.common.get(id) ?? f.rest;
}

/** Spread of brands, models and cities per database handle, read from pg_stats again after this long. */
export const FEED_SPREAD_TTL_MS = 10 * 60_000;
const spreads = new WeakMap<Db, { value: Spread | null; expires: number; loading?: Promise<void> }>();

/**
 * The planner's statistics of brand, model and city (ANALYZE keeps them; null before the first one). Only the walk's
 * index depends on them, never a result, so a stale value costs at most a slower page; a reload runs in the
 * background while the old value serves.
 */
export async function feedSpread(db: Db): Promise<Spread | null> {
  const entry = spreads.get(db);
  if (entry && (entry.expires > Date.now() || entry.loading)) return entry.value;
  const loading = loadSpread(db).then(
    (value) => void spreads.set(db, { value, expires: Date.now() + FEED_SPREAD_TTL_MS }),
    () => void spreads.set(db, { value: entry?.value ?? null, expires: Date.now() + FEED_SPREAD_TTL_MS }),
  );
  spreads.set(db, { value: entry?.value ?? null, expires: 0, loading });
  if (!entry) await loading;
  return spreads.get(db)!.value;
}

async function loadSpread(db: Db): Promise<Spread | null> {
  const result = await db.execute<{
    attname: string;
    vals: string | null;
    freqs: string | null;
    n_distinct: number;
    null_frac: number;
    tuples: number;
  }>(sql`select s.attname::text as attname, s.most_common_vals::text as vals, s.most_common_freqs::text as freqs,
      s.n_distinct::float8 as n_distinct, s.null_frac::float8 as null_frac, c.reltuples::float8 as tuples
    from pg_stats s join pg_class c on c.relname = s.tablename and c.relnamespace = to_regnamespace(s.schemaname)
    where s.schemaname = current_schema() and s.tablename = 'posts' and s.attname in ('brand_id', 'model_id', 'city_id')`);
  const columns: Record<string, WalkOn> = { brand_id: 'brand', model_id: 'model', city_id: 'city' };
  const spread: Partial<Spread> = {};
  for (const row of result.rows) {
    const values = parseNumberArray(row.vals ?? '{}');
    const freqs = parseNumberArray(row.freqs ?? '{}');
    const distinct = row.n_distinct >= 0 ? row.n_distinct : -row.n_distinct * row.tuples;
    const listed = freqs.reduce((sum, f) => sum + f, 0);
    spread[columns[row.attname]!] = {
      common: new Map(values.map((v, i) => [v, freqs[i] ?? 0])),
      rest: Math.max(0, 1 - row.null_frac - listed) / Math.max(1, distinct - values.length),
    };
  }
  if (!spread.brand || !spread.model || !spread.city) return null;
  const words = await db.execute<{ elems: string | null; freqs: string | null }>(sql`select
      most_common_elems::text as elems, most_common_elem_freqs::text as freqs from pg_stats
    where schemaname = current_schema() and tablename = 'posts' and attname = 'search_vector'`);
  const elems = parseTextArray(words.rows[0]?.elems ?? '{}');
  const elemFreqs = parseNumberArray(words.rows[0]?.freqs ?? '{}');
  return {
    ...(spread as Record<WalkOn, Frequencies>),
    rows: Math.max(0, result.rows[0]?.tuples ?? 0),
    lexemes: new Map(elems.map((e, i) => [e, elemFreqs[i] ?? 0])),
  };
}

/**
 * The feed index whose range the walk reads when the filter names exactly one brand, one model or one city: the
 * rarest of them (its range holds the filter's matches most densely), as the planner's statistics tell (`spread`);
 * without statistics, brand or model before city.
 */
export function chooseWalk(c: FeedCondition, spread: Spread | null): WalkOn | undefined {
  const candidates: [WalkOn, number][] = [];
  if (c.anyModelBrandIds.length === 1 && c.modelIds.length === 0) candidates.push(['brand', c.anyModelBrandIds[0]!]);
  if (c.anyModelBrandIds.length === 0 && c.modelIds.length === 1) candidates.push(['model', c.modelIds[0]!]);
  if (c.cityIds.length === 1) candidates.push(['city', c.cityIds[0]!]);
  if (candidates.length === 0) return undefined;
  const share = ([on, id]: [WalkOn, number]) => (spread ? frequency(spread[on], id) : 0);
  return candidates.reduce((best, x) => (share(x) < share(best) ? x : best))[0];
}

/** The one id whose index the walk reads (chooseWalk made sure there is exactly one). */
export function walkId<I>(c: { anyModelBrandIds: I[]; modelIds: I[]; cityIds: I[] }, on: WalkOn): I {
  return (on === 'brand' ? c.anyModelBrandIds : on === 'model' ? c.modelIds : c.cityIds)[0]!;
}

/**
 * The share of listings the text part of a filter could match at most, as the rarest of its words (or of a word's
 * alternatives together) in the planner's lexeme statistics; a lexeme they do not list counts as absent.
 */
export function textShare(spread: Spread, terms: SearchTerm[]): number {
  const word = (lexemes: string[] | undefined) =>
    lexemes && lexemes.length > 0 ? Math.min(...lexemes.map((l) => spread.lexemes.get(l) ?? 0)) : 0;
  const ids = (on: WalkOn, list: number[]) => list.reduce((sum, id) => sum + frequency(spread[on], id), 0);
  const shares = terms
    .filter((t) => t.fullText)
    .map((t) => word(t.lexemes) + ids('brand', t.brandIds) + ids('model', t.modelIds));
  return shares.length > 0 ? Math.min(...shares) : 1;
}

/**
 * With statistics, gathered text reads the plain part's matches, one document each, when they are fewer than this
 * many times the listings the text index would put in its bitmap (a GIN bitmap entry costs about a third of reading a
 * document).
 */
export const FEED_TEXT_READ_RATIO = 0.3;

/**
 * The share of the walked entries at or below which the plain part's matches are read instead of the text index
 * (see FEED_TEXT_READ_RATIO): the walk's range holds `range` listings, the text index would gather `text`.
 */
export function textPlainShare(c: FeedCondition, on: WalkOn | undefined, spread: Spread | null): number | undefined {
  if (!spread || !c.terms.some((t) => t.fullText) || spread.rows <= 0) return undefined;
  const range = spread.rows * (on ? frequency(spread[on], walkId(c, on)) : 1);
  const text = spread.rows * textShare(spread, c.terms);
  return (FEED_TEXT_READ_RATIO * text) / Math.max(1, range);
}
