import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { OWN_CHANNEL, type FilterBounds } from '@autoradar/core';
import { brands, models, postMedia, postSearchVector, posts, type Db } from '@autoradar/db';
import { postColumns, postIdColumn, type PostRow } from '@autoradar/server/listings/post-row';

// Feed queries (packages/db/README.md "Feed queries and their indexes"): every listing query keeps
// `status = 'published'` for the partial indexes, orders by (published_at desc, id desc) with drizzle's desc(),
// and matches text with the exact postSearchVector expression.

/** A timestamp as PostgreSQL reads it back: ISO 8601 in UTC with microseconds, so keyset cursors are exact. */
export type TimestampParam = string;

export interface SearchTerm {
  word: string;
  /** The word is a full-text lexeme (not a stop word). */
  fullText: boolean;
  /** Brands and models whose name or a synonym is the word or close to it (trigram similarity). */
  brandIds: number[];
  modelIds: number[];
  /** The lexemes full-text search looks for (absent: unknown, taken as rare). */
  lexemes?: string[];
}

/** What a feed query asks for, already resolved to ids (see posts.service resolveFilter); bounds as core's. */
export interface FeedCondition extends FilterBounds {
  /** Newest aggregated publication time the viewer may see; null for PRO (core getDelayCutoff). */
  cutoff: Date | null;
  /** Brands matching with any model, and models matching on their own (core matchFilter). */
  anyModelBrandIds: number[];
  modelIds: number[];
  cityIds: number[];
  terms: SearchTerm[];
  /** Only these listings (favourites). */
  postIds?: number[];
}

export interface Cursor {
  publishedAt: TimestampParam;
  id: number | null;
}

const ts = (value: TimestampParam) => sql`${value}::timestamptz`;

export function visibleCondition(cutoff: Date | null): SQL {
  if (cutoff === null) return sql`${posts.status} = 'published'`;
  return visibleUpTo(cutoff.toISOString());
}

/** Published, and under the delay own listings or those up to the cutoff (ISO text, or its placeholder). */
function visibleUpTo(cutoff: TimestampParam): SQL {
  const published = sql`${posts.status} = 'published'`;
  return and(published, or(eq(posts.channel, OWN_CHANNEL), sql`${posts.publishedAt} <= ${ts(cutoff)}`))!;
}

/** The WHERE clause of a feed query: visibility and the filter, without paging. */
export function feedCondition(c: FeedCondition): SQL {
  return and(visibleCondition(c.cutoff), filterCondition(c))!;
}

const ownChannel = sql.raw(`'${OWN_CHANNEL}'`); // a literal, so the planner matches posts_own_feed_idx's predicate

/**
 * A filter as the statements use it: ids, bounds and words passed through `bind` (identity, or a drizzle placeholder
 * standing for the value, see findFeedPage), and the shape (which parts are present, how many ids) as plain data.
 */
interface BoundFilter {
  postIds: number[] | undefined;
  anyModelBrandIds: number[];
  modelIds: number[];
  cityIds: number[];
  priceFrom: number | null;
  priceTo: number | null;
  yearFrom: number | null;
  yearTo: number | null;
  /** Both year bounds, as the list of their years (a PostgreSQL array literal), where yearKeyed. */
  yearList: string | null;
  /** The words that name no brand or model, as one websearch query. */
  textQuery: string | null;
  /** The other words: each must be found as one of its alternatives. */
  alternatives: { brandIds: number[]; modelIds: number[]; word: string | null }[];
  /** A word is matched in the text: the walks read rows. */
  text: boolean;
}

type Bind = <T>(value: T) => T;
const asIs: Bind = (value) => value;

function bindFilter(c: FeedCondition, bind: Bind): BoundFilter {
  const ids = (list: number[]) => list.map((id) => bind(id));
  const orNull = <T>(value: T | null) => (value === null ? null : bind(value));
  // Words that name no brand or model share one tsquery, so the document is parsed once per row.
  const textOnly = c.terms.filter((t) => t.fullText && t.brandIds.length === 0 && t.modelIds.length === 0);
  return {
    postIds: c.postIds ? ids(c.postIds) : undefined,
    anyModelBrandIds: ids(c.anyModelBrandIds),
    modelIds: ids(c.modelIds),
    cityIds: ids(c.cityIds),
    priceFrom: orNull(c.priceFrom),
    priceTo: orNull(c.priceTo),
    yearFrom: orNull(c.yearFrom),
    yearTo: orNull(c.yearTo),
    yearList: yearListOf(c, bind),
    textQuery: textOnly.length > 0 ? bind(textOnly.map((t) => t.word).join(' ')) : null,
    alternatives: c.terms
      .filter((t) => !textOnly.includes(t))
      // A stop word that names nothing ('и', 'на') narrows nothing.
      .filter((t) => t.fullText || t.brandIds.length > 0 || t.modelIds.length > 0)
      .map((t) => ({ brandIds: ids(t.brandIds), modelIds: ids(t.modelIds), word: t.fullText ? bind(t.word) : null })),
    text: c.terms.some((t) => t.fullText),
  };
}

/** The longest year range sent as a list of years (a filter's years are YEAR_MIN to the current year: ~130). */
const YEAR_LIST_MAX = 200;

type YearKeyed = Pick<BoundFilter, 'priceFrom' | 'priceTo' | 'anyModelBrandIds' | 'modelIds' | 'cityIds'>;

/**
 * Whether the gathered matches and the counts take the years as index keys (yearKeys): with a price bound, and
 * without a brand, model or city, whose feed indexes test the bounds on each entry and are read then (the list beside
 * the bounds made the planner count the years' share twice and favour posts_year_idx over them).
 */
function yearKeyed(c: YearKeyed): boolean {
  const named = c.anyModelBrandIds.length + c.modelIds.length + c.cityIds.length;
  return (c.priceFrom !== null || c.priceTo !== null) && named === 0;
}

function yearListOf(c: FeedCondition, bind: Bind): string | null {
  if (!yearKeyed(c) || c.yearFrom === null || c.yearTo === null || c.yearTo - c.yearFrom >= YEAR_LIST_MAX) return null;
  const years = Array.from({ length: Math.max(0, c.yearTo - c.yearFrom + 1) }, (_, i) => c.yearFrom! + i);
  return bind(`{${years.join(',')}}`);
}

/**
 * The year bounds as index keys of posts_year_idx (year, price, …), where yearKeyed. A range of years
 * with a range of prices is not one stretch of that index: PostgreSQL 15 reads every entry of the years (~30 % of the
 * table for «2012 и новее») to test the price. As a list of years, the index is searched once per year and reads
 * only the entries within the price bounds (10 million listings: 310 → 1.5 ms for a capped count). The same rows: a
 * year is a whole number. An open bound is the lowest or highest year of the published listings, looked up in the
 * statement by the same index.
 */
function yearKeys(c: BoundFilter): SQL | undefined {
  if (!yearKeyed(c)) return undefined;
  if (c.yearList !== null) return sql`${posts.year} = any(${c.yearList}::int[])`;
  const edge = (fn: 'min' | 'max') => sql`(select ${sql.raw(fn)}(p.year) from ${posts} p where p.status = 'published')`;
  if (c.yearFrom !== null && c.yearTo === null)
    return sql`${posts.year} = any(array(select generate_series(${c.yearFrom}::int, ${edge('max')})))`;
  if (c.yearFrom === null && c.yearTo !== null)
    return sql`${posts.year} = any(array(select generate_series(${edge('min')}, ${c.yearTo}::int)))`;
  return undefined;
}

/** What a filter asks, visibility aside; undefined when it asks nothing. */
function filterCondition(c: FeedCondition): SQL | undefined {
  return filterSql(bindFilter(c, asIs));
}

function filterSql(c: BoundFilter, vector?: SQL, gathering = false): SQL | undefined {
  const { plain, text } = filterParts(c, vector, gathering);
  return and(plain, text);
}

/** The document as an expression no index matches: the text is tested on the rows other indexes find. */
const unindexedVector = sql`coalesce(${postSearchVector}, ''::tsvector)`;

/**
 * A filter in two parts: what the feed indexes carry (`plain`: ids, bounds) and what needs the row's stored document
 * (`text`). `vector` is how the text part reads the document: the column itself, or an expression of it that no
 * index matches (so the planner tests it on the rows it gathered by the plain part instead of reading the GIN index).
 */
function filterParts(c: BoundFilter, vector: SQL = postSearchVector, gathering = false): { plain?: SQL; text?: SQL } {
  const where: SQL[] = [];
  if (c.postIds) where.push(inArray(posts.id, c.postIds));
  const brandOrModel: SQL[] = [];
  if (c.anyModelBrandIds.length > 0) brandOrModel.push(inArray(posts.brandId, c.anyModelBrandIds));
  if (c.modelIds.length > 0) brandOrModel.push(inArray(posts.modelId, c.modelIds));
  if (brandOrModel.length > 0) where.push(or(...brandOrModel)!);
  if (c.cityIds.length > 0) where.push(inArray(posts.cityId, c.cityIds));
  if (c.priceFrom !== null) where.push(sql`${posts.price} >= ${c.priceFrom}`);
  if (c.priceTo !== null) where.push(sql`${posts.price} <= ${c.priceTo}`);
  if (c.yearFrom !== null) where.push(sql`${posts.year} >= ${c.yearFrom}`);
  if (c.yearTo !== null) where.push(sql`${posts.year} <= ${c.yearTo}`);
  const years = gathering ? yearKeys(c) : undefined;
  if (years) where.push(years);
  // Each word must be found: in the text (any Russian word form), or as a brand or model it names or misspells.
  const text: SQL[] = [];
  if (c.textQuery !== null) text.push(sql`${vector} @@ websearch_to_tsquery('russian', ${c.textQuery})`);
  for (const term of c.alternatives) {
    const alternatives: SQL[] = [];
    if (term.brandIds.length > 0) alternatives.push(inArray(posts.brandId, term.brandIds));
    if (term.modelIds.length > 0) alternatives.push(inArray(posts.modelId, term.modelIds));
    if (term.word !== null) alternatives.push(sql`${vector} @@ websearch_to_tsquery('russian', ${term.word})`);
    (term.word !== null ? text : where).push(or(...alternatives)!);
  }
  const parts: { plain?: SQL; text?: SQL } = {};
  if (where.length > 0) parts.plain = and(...where)!;
  if (text.length > 0) parts.text = and(...text)!;
  return parts;
}

function olderThan(cursor: Cursor): SQL {
  // Spelled out rather than as a row comparison so the first conjunct bounds the index scan.
  if (cursor.id === null) return sql`${posts.publishedAt} < ${ts(cursor.publishedAt)}`;
  return sql`(${posts.publishedAt} <= ${ts(cursor.publishedAt)} and (${posts.publishedAt} < ${ts(cursor.publishedAt)} or ${posts.id} < ${cursor.id}))`;
}

function newerThan(cursor: Cursor): SQL {
  if (cursor.id === null) return sql`${posts.publishedAt} > ${ts(cursor.publishedAt)}`;
  return sql`(${posts.publishedAt} >= ${ts(cursor.publishedAt)} and (${posts.publishedAt} > ${ts(cursor.publishedAt)} or ${posts.id} > ${cursor.id}))`;
}

// The columns and shape of a listing row live with its Post mapping in packages/server (the bot sends them too).
export { findPost, type MediaRow, type PostRow } from '@autoradar/server/listings/post-row';

/** How far the walks go (tests shrink them to reach every part on a few dozen listings). */
export interface WalkSizes {
  entries: number;
  textRows: number;
  /** Text gathered without the text index when at most this share of the short walk's entries pass the plain part. */
  plainShare?: number;
}

type Page = {
  older?: Cursor | null;
  newer?: Cursor | null;
  limit: number;
  walk?: WalkSizes;
  /** See FEED_TEXT_PLAIN_SHARE: this request's share, from the statistics (textPlainShare). */
  plainShare?: number;
};

function newestFirst(direction: 'asc' | 'desc', table = true): SQL {
  const dir = sql.raw(direction);
  return table ? sql`${posts.publishedAt} ${dir}, ${posts.id} ${dir}` : sql`u.published_at ${dir}, u.id ${dir}`;
}

/**
 * How far a page walks in feed order before it stops trusting the order (issue 21, docs/performance.md "Plans per
 * filter shape"). A filter that finds a page among the newest FEED_WALK_ENTRIES index entries is answered by that
 * walk; one that finds at least FEED_WALK_MIN_HITS there walks FEED_WALK_WIDEN times as far; a rarer one gathers its
 * matches through its most selective index and sorts them. The walk reads index entries only (the feed indexes carry
 * every filtered column) except for text, whose walk reads rows and is shorter.
 */
export const FEED_WALK_ENTRIES = 2_000;
export const FEED_TEXT_WALK_ROWS = 400;
export const FEED_WALK_WIDEN = 8;
export const FEED_WALK_MIN_HITS = 3;
/**
 * Text gathered without its index when at most this share of the short walk's entries pass the plain part (1 in
 * 200; without statistics). With statistics the share is the request's own (textPlainShare): the plain part's matches
 * are read, one document each, when they are fewer than FEED_TEXT_READ_RATIO times the listings the text index would
 * put in its bitmap (a GIN bitmap entry costs about a third of reading a document).
 */
export const FEED_TEXT_PLAIN_SHARE = 0.005;
export const FEED_TEXT_READ_RATIO = 0.3;

/** The one-id feed index a walk may read instead of the whole feed: posts_brand/model/city_feed_idx. */
export type WalkOn = 'brand' | 'model' | 'city';

/**
 * The feed index whose range the walk reads when the filter names exactly one brand, one model or one city: the
 * rarest of them (its range holds the filter's matches most densely), as the planner's statistics tell (`spread`);
 * without statistics, brand or model before city.
 */
function chooseWalk(c: FeedCondition, spread: Spread | null): WalkOn | undefined {
  const candidates: [WalkOn, number][] = [];
  if (c.anyModelBrandIds.length === 1 && c.modelIds.length === 0) candidates.push(['brand', c.anyModelBrandIds[0]!]);
  if (c.anyModelBrandIds.length === 0 && c.modelIds.length === 1) candidates.push(['model', c.modelIds[0]!]);
  if (c.cityIds.length === 1) candidates.push(['city', c.cityIds[0]!]);
  if (candidates.length === 0) return undefined;
  const share = ([on, id]: [WalkOn, number]) => (spread ? frequency(spread[on], id) : 0);
  return candidates.reduce((best, x) => (share(x) < share(best) ? x : best))[0];
}

/** The one id whose index the walk reads (chooseWalk made sure there is exactly one). */
function walkId<I>(c: { anyModelBrandIds: I[]; modelIds: I[]; cityIds: I[] }, on: WalkOn): I {
  return (on === 'brand' ? c.anyModelBrandIds : on === 'model' ? c.modelIds : c.cityIds)[0]!;
}

const walkColumn = { brand: posts.brandId, model: posts.modelId, city: posts.cityId } as const;

function walkRange(c: BoundFilter, on: WalkOn | undefined): SQL | undefined {
  return on ? eq(walkColumn[on], walkId(c, on)) : undefined;
}

/** How common a value of a column is: the planner's most common values and an even share of the rest. */
interface Frequencies {
  common: Map<number, number>;
  rest: number;
}
type Spread = Record<WalkOn, Frequencies> & {
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
async function feedSpread(db: Db): Promise<Spread | null> {
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

/** A text[] in PostgreSQL's text form: {a,"b c","d\\"e"}. */
function parseTextArray(value: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|([^,{}]+)/g;
  for (let m = re.exec(value); m; m = re.exec(value))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!);
  return out;
}

/** Columns the walk hands to the filter: those the feed indexes carry (a walk reads index entries only). */
const walkColumns = sql.join(
  [posts.id, posts.publishedAt, posts.brandId, posts.modelId, posts.cityId, posts.price, posts.year, posts.channel].map(
    (col) => sql.raw(`"${col.name}"`),
  ),
  sql`, `,
);

/**
 * The visible feed as index ranges, each in feed order, without the filter: everything published for PRO; under the
 * delay, the own listings newer than the cutoff (posts_own_feed_idx) and everything up to the cutoff (ISO text, or its
 * placeholder). Ranges never overlap.
 */
function visibleRanges(cutoff: TimestampParam | null): SQL[] {
  const published = sql`${posts.status} = 'published'`;
  if (cutoff === null) return [published];
  const at = ts(cutoff);
  return [
    and(published, sql`${posts.channel} = ${ownChannel}`, sql`${posts.publishedAt} > ${at}`)!,
    and(published, sql`${posts.publishedAt} <= ${at}`)!,
  ];
}

/**
 * The page's (id, published_at) within one visible range: a short walk in feed order (walk<n>a); when it found some
 * matches but not a page, a longer one (walk<n>b); when it found almost none, the matches from whatever index the
 * planner finds most selective, sorted — `published_at + '0 s'` keeps the planner from walking the feed order again
 * (left free, it walks whenever it overestimates the filter, as for a price one year never reaches). Conditions on
 * the walks' counts are pseudo-constants, so PostgreSQL runs only the parts they let through.
 *
 * A walk reads index entries in feed order and stops after the page's matches; whether it saw the whole range is
 * asked only when the answer matters (span CTEs, one count over the same entries). With text, the walk tests the
 * plain part on the index entries and reads the stored document only for the entries that pass it (at most
 * `textRows`), so a range or an id filter keeps the text walk long and cheap. (Marking the walk's last entry with
 * row_number() instead of a span was tried: the window function cost more per entry, 4.2 against 1.6 ms per 16 000
 * entries, than the second count did when it was needed.)
 *
 * `whole`: the range is small by nature (the own listings of the last day, under the delay), or every entry of it
 * matches (see pageQuery), so it is walked to its end — in practice until the page is full — and that is its answer:
 * one walk to plan instead of two walks, their spans and the gathered parts.
 */
function rangePage(n: number, visible: SQL, c: BoundFilter, page: Page, whole = false) {
  const direction = page.newer ? 'asc' : 'desc';
  const dir = sql.raw(direction);
  const paging: SQL[] = [];
  if (page.older) paging.push(olderThan(page.older));
  if (page.newer) paging.push(newerThan(page.newer));
  const inner = and(visible, ...paging)!;
  const { plain, text } = filterParts(c);
  const short = sql.raw(`walk${n}a`);
  const long = sql.raw(`walk${n}b`);
  const found = (walk: SQL) => sql`(select count(*) from ${walk})`;
  const sizes = page.walk ?? { entries: FEED_WALK_ENTRIES, textRows: FEED_TEXT_WALK_ROWS };
  const feed = newestFirst(direction);
  const entriesOf = (limit: SQL | number, gate?: SQL) =>
    sql`(select ${walkColumns} from ${posts} where ${and(inner, gate)} order by ${feed} limit ${limit}) as ${posts}`;
  /** `scale` times the walk sizes, or null: the whole range. */
  const walk = (name: SQL, scale: number | null, gate?: SQL) => {
    const limit = scale === null ? sql`all` : sizes.entries * scale;
    if (!text)
      return sql`${name} as (select ${posts.id} as id, ${posts.publishedAt} as published_at
        from ${entriesOf(limit, gate)} ${plain ? sql`where ${plain}` : sql``}
        order by ${feed} limit ${page.limit})`;
    // The entries that pass the plain part, then their documents, read one row at a time in feed order (a
    // sub-select per row below OFFSET 0, so nothing reads the rows it does not reach).
    const rows = scale === null ? sql`all` : sizes.textRows * scale;
    return sql`${name} as (select ${posts.id} as id, ${posts.publishedAt} as published_at
      from (select s.*, (select d.search_vector from ${posts} d where d.id = s.id) as search_vector
            from (select * from ${entriesOf(limit, gate)} ${plain ? sql`where ${plain}` : sql``}
                  order by ${feed} limit ${rows}) s
            order by s.published_at ${dir}, s.id ${dir} offset 0) as ${posts}
      where ${text} order by ${feed} limit ${page.limit})`;
  };
  if (whole) return { ctes: [walk(short, null)], select: sql`(select id, published_at from ${short})` };
  // What a walk of `scale` could read: `n` entries of the range up to its limit, `k` of them passing the plain part
  // (text only). The range goes on past the walk when n reaches the entries' limit or k the documents' limit; a CTE,
  // so it is read once however many conditions ask, and only when one does.
  const spanA = sql.raw(`span${n}a`);
  const spanB = sql.raw(`span${n}b`);
  const span = (name: SQL, scale: number) =>
    sql`${name} as (select count(*) as n, ${text && plain ? sql`count(*) filter (where ${plain})` : sql`count(*)`} as k
      from ${entriesOf(sizes.entries * scale)})`;
  const longer = (name: SQL, scale: number) =>
    text
      ? sql`(select n >= ${sizes.entries * scale} or k >= ${sizes.textRows * scale} from ${name})`
      : sql`(select n >= ${sizes.entries * scale} from ${name})`;
  const hits = sql`${found(short)} >= ${FEED_WALK_MIN_HITS}`;
  // Evaluated left to right, each sub-select only when reached.
  const widen = sql`${found(short)} < ${page.limit} and ${hits} and ${longer(spanA, 1)}`;
  const gather = sql`${found(short)} < ${page.limit} and ${found(long)} < ${page.limit} and ${longer(spanA, 1)}
    and (not ${hits} or ${longer(spanB, FEED_WALK_WIDEN)})`;
  const gathered = (condition: SQL | undefined, gate: SQL) =>
    sql`(select ${posts.id} as id, ${posts.publishedAt} as published_at from ${posts}
       where ${and(inner, condition, gate)}
       order by ${posts.publishedAt} + interval '0 s' ${dir}, ${posts.id} ${dir} limit ${page.limit})`;
  // Text gathered: through the text index when the plain part is common, else by the plain part's indexes with the
  // document read from the rows they find (a common word's GIN bitmap costs ~100 ms at a million listings, and its
  // estimate, for two words, was far too low). The plain part's share among the short walk's entries decides.
  const share = sizes.plainShare ?? page.plainShare ?? FEED_TEXT_PLAIN_SHARE;
  const narrow = sql`(select k <= ${share}::float8 * n from ${spanA})`;
  // Without a plain part the text index is the only way to the matches.
  // Gathered by an index search, the years go as index keys (yearKeys); the walks test the bounds on each entry.
  const keyed = filterParts(c, postSearchVector, true).plain;
  const gatheredParts =
    text && plain
      ? [
          gathered(and(keyed, text), sql`${gather} and not ${narrow}`),
          gathered(and(keyed, filterParts(c, unindexedVector).text), sql`${gather} and ${narrow}`),
        ]
      : [gathered(and(keyed, text), gather)];
  return {
    ctes: [span(spanA, 1), span(spanB, FEED_WALK_WIDEN), walk(short, 1), walk(long, FEED_WALK_WIDEN, widen)],
    // Short walk, else long walk, else gathered: whichever answers first (a walk over the whole range is exact).
    select: sql.join(
      [
        sql`(select id, published_at from ${short} where not (${widen}) and not (${gather}))`,
        sql`(select id, published_at from ${long} where ${found(long)} > 0 and not (${gather}))`,
        ...gatheredParts,
      ],
      sql` union all `,
    ),
  };
}

function bindPage(page: Page, bind: Bind): Page {
  const cursor = (c: Cursor | null | undefined) =>
    c ? { publishedAt: bind(c.publishedAt), id: c.id === null ? null : bind(c.id) } : null;
  return {
    older: cursor(page.older),
    newer: cursor(page.newer),
    limit: page.limit,
    ...(page.walk ? { walk: page.walk } : {}),
    ...(page.plainShare !== undefined ? { plainShare: bind(page.plainShare) } : {}),
  };
}

/** The statement of one feed page as text and parameters (what the benchmark EXPLAINs and the plain handler runs). */
export async function feedPageQuery(db: Db, c: FeedCondition, page: Page): Promise<{ sql: string; params: unknown[] }> {
  const { on, paged } = await walkPlan(db, c, page);
  return pageQuery(db, bindFilter(c, asIs), c.cutoff?.toISOString() ?? null, bindPage(paged, asIs), on).toSQL();
}

/** The walk's index and the text's gathering share for a page (both from the statistics; neither changes a result). */
async function walkPlan(db: Db, c: FeedCondition, page: Page): Promise<{ on: WalkOn | undefined; paged: Page }> {
  if (c.postIds) return { on: undefined, paged: page };
  const spread = await feedSpread(db);
  const on = chooseWalk(c, spread);
  const plainShare = textPlainShare(c, on, spread);
  return { on, paged: plainShare === undefined ? page : { ...page, plainShare } };
}

function pageQuery(db: Db, c: BoundFilter, cutoff: TimestampParam | null, page: Page, on: WalkOn | undefined) {
  // Asking for what is newer reads upwards from the cursor, so a long gap is filled page by page without holes.
  const direction = page.newer ? 'asc' : 'desc';
  const order = page.newer ? [asc(posts.publishedAt), asc(posts.id)] : [desc(posts.publishedAt), desc(posts.id)];
  const filter = filterSql(c);
  if (c.postIds) {
    // Favourites: a few hundred ids at most, looked up by primary key.
    const paging: SQL[] = [];
    if (page.older) paging.push(olderThan(page.older));
    if (page.newer) paging.push(newerThan(page.newer));
    const visible = cutoff === null ? sql`${posts.status} = 'published'` : visibleUpTo(cutoff);
    return db
      .select(postColumns)
      .from(posts)
      .where(and(and(visible, filter), ...paging))
      .orderBy(...order)
      .limit(page.limit);
  }
  // Keep the walk on a one-id feed index when the filter names one brand, model or city.
  const range = walkRange(c, on);
  // Under the delay, the first range holds the own listings of the last day alone: walked whole (see rangePage).
  // So is every range when every entry matches (no filter, or only the walk's one brand, model or city): the walk
  // stops after the page's entries, and nothing else needs planning.
  const named = c.anyModelBrandIds.length + c.modelIds.length + c.cityIds.length;
  const bounded = [c.priceFrom, c.priceTo, c.yearFrom, c.yearTo].some((x) => x !== null);
  const everyEntry =
    !bounded && c.textQuery === null && c.alternatives.length === 0 && (named === 0 || (named === 1 && !!range));
  const ranges = visibleRanges(cutoff);
  const parts = ranges.map((visible, n) =>
    rangePage(n, range ? and(visible, range)! : visible, c, page, everyEntry || (ranges.length > 1 && n === 0)),
  );
  const ids = sql`with ${sql.join(
    parts.flatMap((p) => p.ctes),
    sql`, `,
  )} select u.id from (${sql.join(
    parts.map((p) => p.select),
    sql` union all `,
  )}) u order by ${newestFirst(direction, false)} limit ${page.limit}`;
  return (
    db
      .select(postColumns)
      .from(posts)
      // = any(array(...)): an init plan and a primary-key lookup; `in (...)` made the planner weigh a semi-join (~0.3 ms).
      .where(sql`${posts.id} = any(array(${ids}))`)
      .orderBy(...order)
      .limit(page.limit)
  );
}

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown[]> };

/** Feed statements by shape, per database handle (issue 21: building one took ~1-3 ms of Node CPU per request). */
const preparedStatements = new WeakMap<Db, Map<string, Prepared>>();
/** Shapes kept per handle: brand/model/city counts, bounds, words, cursor, tariff (the distinct mix has ~300). */
export const FEED_SHAPES_KEPT = 2_000;

/** How many page and count statements are kept for a handle (the benchmark prints it). */
export function feedShapeCount(db: Db): number {
  return preparedStatements.get(db)?.size ?? 0;
}

/** The statement of a shape, built on first use; '' is PostgreSQL's unnamed statement, planned again each time. */
function preparedFor(db: Db, key: string, build: () => Prepared): Prepared {
  let shapes = preparedStatements.get(db);
  if (!shapes) preparedStatements.set(db, (shapes = new Map<string, Prepared>()));
  let prepared = shapes.get(key);
  if (!prepared) {
    if (shapes.size >= FEED_SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    prepared = build();
    shapes.set(key, prepared);
  }
  return prepared;
}

/** Values named by placeholders: `bind` stands a drizzle placeholder in for a value and records the value. */
function placeholders(prefix: string): { values: Record<string, unknown>; bind: Bind } {
  const values: Record<string, unknown> = {};
  let n = 0;
  const bind: Bind = (value) => {
    const name = `${prefix}${n++}`;
    values[name] = value;
    return sql.placeholder(name) as never;
  };
  return { values, bind };
}

/**
 * One feed page. The statement is built once per filter shape with a placeholder for every value, and sent as an
 * unnamed statement with the request's values: PostgreSQL still plans it with those values (the plans per filter
 * shape depend on them), only drizzle's building of the text is skipped. The text is the same as feedPageQuery's.
 */
export async function findFeedPage(db: Db, c: FeedCondition, page: Page): Promise<PostRow[]> {
  const { on, paged } = await walkPlan(db, c, page);
  const { values, bind } = placeholders('p');
  const filter = bindFilter(c, bind);
  const cutoff = c.cutoff === null ? null : bind(c.cutoff.toISOString());
  const paging = bindPage(paged, bind);
  // Every value is a placeholder, so the key holds the shape alone.
  const key = JSON.stringify([filter, cutoff, paging, on]);
  const prepared = preparedFor(db, `page ${key}`, () => pageQuery(db, filter, cutoff, paging, on).prepare(''));
  const rows = (await prepared.execute(values)) as PostRow[];
  return page.newer ? rows.reverse() : rows;
}

export async function findPostsOfUser(db: Db, userId: number, limit: number): Promise<PostRow[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
}

export async function countPostsOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.userId, userId));
  return row?.n ?? 0;
}

/** Recent visible listings that have a photo, for the landing carousel. */
export async function findFeatured(db: Db, cutoff: Date | null, limit: number): Promise<PostRow[]> {
  const hasPhoto = sql`exists (select 1 from ${postMedia} m where m.post_id = ${postIdColumn} and m.kind = 'photo')`;
  return db
    .select(postColumns)
    .from(posts)
    .where(and(visibleCondition(cutoff), hasPhoto))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
}

/** A count: the feed's index ranges (counted) and the whole condition (estimated by the planner). */
export interface CountQuery {
  branches: SQL[];
  condition: SQL;
  /** The branches again with a placeholder for every value, built only for a shape not seen yet (countUpTo). */
  shape: { key: string; values: Record<string, unknown>; branches: () => SQL[] };
}

/**
 * A count's branches with its values passed through `bind` (see bindFilter): each visible range (visibleRanges), the
 * filter, the cursor; `key` is what they are built from (the shape alone when every value is a placeholder).
 */
function countBranches(c: FeedCondition, newer: Cursor | undefined, vector: SQL | undefined, bind: Bind) {
  const filter = bindFilter(c, bind);
  const cutoff = c.cutoff === null ? null : bind(c.cutoff.toISOString());
  const after = newer ? { publishedAt: bind(newer.publishedAt), id: newer.id === null ? null : bind(newer.id) } : null;
  return {
    key: [filter, cutoff, after],
    branches: () =>
      visibleRanges(cutoff).map((visible) =>
        and(visible, filterSql(filter, vector, true), after ? newerThan(after) : undefined)!,
      ),
  };
}

/**
 * What a count-new or meta count asks: the visible matches, optionally only those newer than a cursor.
 * `commonText`: every word is common (feedCountQuery), so the count tests the text on the rows the rest of the filter
 * finds and stops at the cap; through the GIN index it would first build the bitmap of every listing with the word.
 * Each part is built when asked for: a count the counter answers from its cache needs none of them.
 */
export function countQuery(c: FeedCondition, newer?: Cursor, commonText = false): CountQuery {
  const vector = commonText ? unindexedVector : undefined;
  return {
    // The benchmark's text: the statement countUpTo runs, with the values in place.
    get branches() {
      return countBranches(c, newer, vector, asIs).branches();
    },
    // The planner's estimate.
    get condition() {
      return and(feedCondition(c), newer ? newerThan(newer) : undefined)!;
    },
    get shape() {
      const { values, bind } = placeholders('c');
      const { key, branches } = countBranches(c, newer, vector, bind);
      return { key: JSON.stringify([...key, commonText]), values, branches };
    },
  };
}

/** A word or an alternative is common from this share of listings (by the planner's statistics). */
export const FEED_COMMON_TEXT_SHARE = 0.01;

/**
 * The share of listings the text part of a filter could match at most, as the rarest of its words (or of a word's
 * alternatives together) in the planner's lexeme statistics; a lexeme they do not list counts as absent.
 */
function textShare(spread: Spread, terms: SearchTerm[]): number {
  const word = (lexemes: string[] | undefined) =>
    lexemes && lexemes.length > 0 ? Math.min(...lexemes.map((l) => spread.lexemes.get(l) ?? 0)) : 0;
  const ids = (on: WalkOn, list: number[]) => list.reduce((sum, id) => sum + frequency(spread[on], id), 0);
  const shares = terms
    .filter((t) => t.fullText)
    .map((t) => word(t.lexemes) + ids('brand', t.brandIds) + ids('model', t.modelIds));
  return shares.length > 0 ? Math.min(...shares) : 1;
}

/**
 * The share of the walked entries at or below which the plain part's matches are read instead of the text index
 * (see FEED_TEXT_READ_RATIO): the walk's range holds `range` listings, the text index would gather `text`.
 */
function textPlainShare(c: FeedCondition, on: WalkOn | undefined, spread: Spread | null): number | undefined {
  if (!spread || !c.terms.some((t) => t.fullText) || spread.rows <= 0) return undefined;
  const range = spread.rows * (on ? frequency(spread[on], walkId(c, on)) : 1);
  const text = spread.rows * textShare(spread, c.terms);
  return (FEED_TEXT_READ_RATIO * text) / Math.max(1, range);
}

/** countQuery with the text read as its words' frequencies advise (the API's and the benchmark's counts). */
export async function feedCountQuery(db: Db, c: FeedCondition, newer?: Cursor): Promise<CountQuery> {
  if (c.terms.length === 0) return countQuery(c, newer);
  const spread = await feedSpread(db);
  const bound = bindFilter(c, asIs);
  // Without another part the text index is the only way to the matches; without statistics, the planner decides.
  if (!spread || !filterParts(bound).plain) return countQuery(c, newer);
  const common = textShare(spread, c.terms) >= FEED_COMMON_TEXT_SHARE;
  return countQuery(c, newer, common);
}

/** The capped count's statement (also what the benchmark EXPLAINs). */
export function countUpToQuery(query: CountQuery, cap: number): SQL {
  return sql`select count(*)::int as n from (${cappedRows(query.branches, cap)}) t`;
}

/**
 * Up to cap + 1 rows of each branch, in no particular order (issue 21): a rare filter is counted from its most
 * selective index instead of walking the feed order to its end; a common one stops after cap + 1 rows of any index.
 */
function cappedRows(branches: SQL[], cap: number): SQL {
  const parts = branches.map((branch) => sql`(select 1 from ${posts} where ${branch} limit ${cap + 1})`);
  return sql.join(parts, sql` union all `);
}

/** Counts matches, but stops after `cap + 1` (per range): the answer is exact when it is at most `cap`. */
export async function countUpTo(db: Db, query: CountQuery, cap: number): Promise<number> {
  const { key, values, branches } = query.shape;
  const prepared = preparedFor(db, `count ${cap} ${key}`, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(${cappedRows(branches(), cap)}) as t`)
      .prepare(''),
  );
  const rows = (await prepared.execute(values)) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

/** A statement as text and parameters, for EXPLAIN in the benchmark. */
export function renderQuery(query: SQL): { sql: string; params: unknown[] } {
  return new PgDialect().sqlToQuery(query);
}

/** The planner's row estimate for a condition (statistics from ANALYZE; no rows are read). */
export async function estimateCount(db: Db, condition: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) select 1 from ${posts} where ${condition}`,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The brand of each given model that exists. */
export async function findModelBrands(db: Db, modelIds: number[]): Promise<{ id: number; brandId: number }[]> {
  if (modelIds.length === 0) return [];
  // Built once per number of ids, like the feed's statements (a third of the feed's requests name a model).
  const { values, bind } = placeholders('m');
  const ids = modelIds.map((id) => bind(id));
  const prepared = preparedFor(db, `models ${ids.length}`, () =>
    db.select({ id: models.id, brandId: models.brandId }).from(models).where(inArray(models.id, ids)).prepare(''),
  );
  return (await prepared.execute(values)) as { id: number; brandId: number }[];
}

/** Trigram similarity at which a word counts as a misspelling of a brand or model name. */
export const TERM_SIMILARITY = 0.45;
/** Shorter words only match names exactly: three letters are too few to tell a misspelling from chance. */
export const TERM_MIN_FUZZY_LENGTH = 4;

/**
 * For each (lower-cased) word: whether full-text search can use it, and the brands and models it names, exactly
 * or by trigram similarity of the name or a synonym.
 */
export async function resolveTerms(db: Db, words: string[]): Promise<SearchTerm[]> {
  if (words.length === 0) return [];
  const matches = (table: typeof brands | typeof models) => sql`coalesce((
      select array_agg(r.id order by r.id) from ${table} r
      where exists (
        select 1 from unnest(array_append(r.synonyms, r.name)) as t(term)
        where replace(lower(t.term), 'ё', 'е') = w.word
          or (length(w.word) >= ${TERM_MIN_FUZZY_LENGTH}
              and similarity(replace(lower(t.term), 'ё', 'е'), w.word) >= ${TERM_SIMILARITY})
      )), '{}')`;
  const result = await db.execute<{
    word: string;
    full_text: boolean;
    brand_ids: number[] | string;
    model_ids: number[] | string;
    lexemes: string;
  }>(sql`
    select w.word,
      numnode(websearch_to_tsquery('russian', w.word)) > 0 as full_text,
      tsvector_to_array(to_tsvector('russian', w.word))::text as lexemes,
      ${matches(brands)} as brand_ids,
      ${matches(models)} as model_ids
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as w(word, n)
    order by w.n`);
  return result.rows.map((row) => ({
    word: row.word,
    fullText: row.full_text,
    brandIds: parseNumberArray(row.brand_ids),
    modelIds: parseNumberArray(row.model_ids),
    lexemes: parseTextArray(row.lexemes),
  }));
}

/**
 * An int[] or float4[] (pg_stats' frequencies): an array from node-postgres and PGlite, or PostgreSQL's text form
 * ({1,2.5}) when cast to text or when a driver differs.
 */
function parseNumberArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
