import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import { marketEstimates, postSearchVector, posts } from '@autoradar/db';
import type { FeedCondition } from './condition';

// A filter as the feed's statements use it: its values bound once (as themselves, or as placeholders of a statement
// built once per shape), split into what the feed indexes carry and what needs the stored document. One place, so the
// page, the counts and the plain condition the tests compare with cannot drift apart.

/**
 * A filter as the statements use it: ids, bounds and words passed through `bind` (identity, or a drizzle placeholder
 * standing for the value, see findFeedPage), and the shape (which parts are present, how many ids) as plain data.
 */
export interface BoundFilter {
  postIds: number[] | undefined;
  anyModelBrandIds: number[];
  modelIds: number[];
  cityIds: number[];
  priceFrom: number | null;
  priceTo: number | null;
  yearFrom: number | null;
  yearTo: number | null;
  /** «Только хорошая цена»: only listings whose market estimate says `good` (market_estimates_verdict_idx). */
  goodPriceOnly: boolean;
  /** Both year bounds, as the list of their years (a PostgreSQL array literal), where yearKeyed. */
  yearList: string | null;
  /** The words that name no brand or model, as one websearch query. */
  textQuery: string | null;
  /** The other words: each must be found as one of its alternatives. */
  alternatives: { brandIds: number[]; modelIds: number[]; word: string | null }[];
  /** A word is matched in the text: the walks read rows. */
  text: boolean;
}

export type Bind = <T>(value: T) => T;
export const asIs: Bind = (value) => value;

export function bindFilter(c: FeedCondition, bind: Bind): BoundFilter {
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
    goodPriceOnly: c.goodPriceOnly,
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
 * The year bounds as index keys of posts_year_idx (year, price, …), where yearKeyed. PostgreSQL 15 has no skip scan:
 * a range of years with a range of prices is not one stretch of that index, and it reads every entry of the years to
 * test the price. As a list of years the index is searched once per year and reads only the entries within the price
 * bounds (figures: docs/performance.md, issue 21 "ten million listings"). The same rows: a year is a whole number. An
 * open bound is the lowest or highest year of the published listings, looked up in the statement by the same index.
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
export function filterCondition(c: FeedCondition): SQL | undefined {
  return filterSql(bindFilter(c, asIs));
}

export function filterSql(c: BoundFilter, vector?: SQL, gathering = false): SQL | undefined {
  const { plain, text } = filterParts(c, vector, gathering);
  return and(plain, text);
}

/** The document as an expression no index matches: the text is tested on the rows other indexes find. */
export const unindexedVector = sql`coalesce(${postSearchVector}, ''::tsvector)`;

/**
 * A filter in two parts: what the feed indexes carry (`plain`: ids, bounds) and what needs the row's stored document
 * (`text`). `vector` is how the text part reads the document: the column itself, or an expression of it that no
 * index matches (so the planner tests it on the rows it gathered by the plain part instead of reading the GIN index).
 */
export function filterParts(
  c: BoundFilter,
  vector: SQL = postSearchVector,
  gathering = false,
): { plain?: SQL; text?: SQL } {
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
  if (c.goodPriceOnly)
    where.push(sql`exists (select 1 from ${marketEstimates} e where e.post_id = ${posts.id} and e.verdict = 'good')`);
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
