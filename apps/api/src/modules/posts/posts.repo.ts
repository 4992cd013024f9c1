import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { OWN_CHANNEL } from '@autoradar/core';
import { brands, models, postMedia, postSearchVector, posts, type Db } from '@autoradar/db';

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
}

/** What a feed query asks for, already resolved to ids (see posts.service resolveFilter). */
export interface FeedCondition {
  /** Newest aggregated publication time the viewer may see; null for PRO (core getDelayCutoff). */
  cutoff: Date | null;
  /** Brands matching with any model, and models matching on their own (core matchFilter). */
  anyModelBrandIds: number[];
  modelIds: number[];
  cityIds: number[];
  priceFrom: number | null;
  priceTo: number | null;
  yearFrom: number | null;
  yearTo: number | null;
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
  const published = sql`${posts.status} = 'published'`;
  if (cutoff === null) return published;
  return and(published, or(eq(posts.channel, OWN_CHANNEL), sql`${posts.publishedAt} <= ${ts(cutoff.toISOString())}`))!;
}

/** The WHERE clause of a feed query: visibility and the filter, without paging. */
export function feedCondition(c: FeedCondition): SQL {
  return and(visibleCondition(c.cutoff), filterCondition(c))!;
}

const ownChannel = sql.raw(`'${OWN_CHANNEL}'`); // a literal, so the planner matches posts_own_feed_idx's predicate

/**
 * The visible feed as index ranges, each in feed order: everything published for PRO; under the delay, the own
 * listings newer than the cutoff (posts_own_feed_idx) and everything up to the cutoff. Branches never overlap.
 */
export function feedBranches(c: FeedCondition): SQL[] {
  const published = sql`${posts.status} = 'published'`;
  const filter = filterCondition(c);
  if (c.cutoff === null) return [and(published, filter)!];
  const cutoff = ts(c.cutoff.toISOString());
  return [
    and(published, sql`${posts.channel} = ${ownChannel}`, sql`${posts.publishedAt} > ${cutoff}`, filter)!,
    and(published, sql`${posts.publishedAt} <= ${cutoff}`, filter)!,
  ];
}

/** What a filter asks, visibility aside; undefined when it asks nothing. */
function filterCondition(c: FeedCondition): SQL | undefined {
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
  // Each word must be found: in the text (any Russian word form), or as a brand or model it names or misspells.
  // Words that name no brand or model share one tsquery, so the document is parsed once per row.
  const textOnly = c.terms.filter((t) => t.fullText && t.brandIds.length === 0 && t.modelIds.length === 0);
  if (textOnly.length > 0) {
    where.push(sql`${postSearchVector} @@ websearch_to_tsquery('russian', ${textOnly.map((t) => t.word).join(' ')})`);
  }
  for (const term of c.terms) {
    if (textOnly.includes(term)) continue;
    const alternatives: SQL[] = [];
    if (term.brandIds.length > 0) alternatives.push(inArray(posts.brandId, term.brandIds));
    if (term.modelIds.length > 0) alternatives.push(inArray(posts.modelId, term.modelIds));
    if (term.fullText) alternatives.push(sql`${postSearchVector} @@ websearch_to_tsquery('russian', ${term.word})`);
    // A stop word that names nothing ('и', 'на') narrows nothing.
    if (alternatives.length > 0) where.push(or(...alternatives)!);
  }
  return and(...where);
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

// Inside a subquery drizzle would print the bare column name ("id"), which post_media has too: qualify it.
const postIdColumn = sql.raw('"posts"."id"');

const mediaJson = sql<MediaRow[]>`coalesce((
  select json_agg(json_build_object('kind', m.kind, 'url', m.url, 'url_sm', m.url_sm, 'poster', m.poster, 'title', m.title)
    order by m.position, m.id)
  from ${postMedia} m where m.post_id = ${postIdColumn}), '[]'::json)`;

const utcMicros = (column: typeof posts.publishedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface MediaRow {
  kind: 'photo' | 'video';
  url: string;
  url_sm: string | null;
  poster: string | null;
  title: string | null;
}

const postColumns = {
  id: posts.id,
  mark: posts.mark,
  model: posts.model,
  title: posts.title,
  year: posts.year,
  price: posts.price,
  currency: posts.currency,
  mileage: posts.mileage,
  text: posts.text,
  location: posts.location,
  published_at: utcMicros(posts.publishedAt),
  created_at: posts.createdAt,
  updated_at: posts.updatedAt,
  vk_owner_id: posts.vkOwnerId,
  vk_post_id: posts.vkPostId,
  hash: posts.hash,
  url: posts.url,
  channel: posts.channel,
  message_id: posts.messageId,
  brand_id: posts.brandId,
  model_id: posts.modelId,
  city_id: posts.cityId,
  status: posts.status,
  user_id: posts.userId,
  media: mediaJson,
};

export interface PostRow {
  id: number;
  mark: string | null;
  model: string | null;
  title: string;
  year: number | null;
  price: number | null;
  currency: string;
  mileage: number | null;
  text: string;
  location: string | null;
  published_at: string;
  created_at: Date;
  updated_at: Date;
  vk_owner_id: number | null;
  vk_post_id: number | null;
  hash: string | null;
  url: string | null;
  channel: string;
  message_id: number | null;
  brand_id: number | null;
  model_id: number | null;
  city_id: number | null;
  status: 'published' | 'unpublished';
  user_id: number | null;
  media: MediaRow[];
}

type Page = { older?: Cursor | null; newer?: Cursor | null; limit: number };

function newestFirst(direction: 'asc' | 'desc', table = true): SQL {
  const dir = sql.raw(direction);
  return table ? sql`${posts.publishedAt} ${dir}, ${posts.id} ${dir}` : sql`u.published_at ${dir}, u.id ${dir}`;
}

/** The select of one feed page; also what the benchmark EXPLAINs. */
export function feedPageQuery(db: Db, c: FeedCondition, page: Page) {
  const paging: SQL[] = [];
  if (page.older) paging.push(olderThan(page.older));
  if (page.newer) paging.push(newerThan(page.newer));
  const branches = feedBranches(c).map((branch) => and(branch, ...paging)!);
  // Asking for what is newer reads upwards from the cursor, so a long gap is filled page by page without holes.
  const direction = page.newer ? 'asc' : 'desc';
  const order = page.newer ? [asc(posts.publishedAt), asc(posts.id)] : [desc(posts.publishedAt), desc(posts.id)];
  if (branches.length === 1) return db.select(postColumns).from(posts).where(branches[0]).orderBy(...order).limit(page.limit);
  // Under the delay: the page's ids from both index ranges merged, then the rows (and their media) for those only.
  const parts = branches.map(
    (branch) =>
      sql`(select ${posts.id} as id, ${posts.publishedAt} as published_at from ${posts} where ${branch}
           order by ${newestFirst(direction)} limit ${page.limit})`,
  );
  const ids = sql`select u.id from (${sql.join(parts, sql` union all `)}) u order by ${newestFirst(direction, false)} limit ${page.limit}`;
  return db.select(postColumns).from(posts).where(sql`${posts.id} in (${ids})`).orderBy(...order).limit(page.limit);
}

export async function findFeedPage(db: Db, c: FeedCondition, page: Page): Promise<PostRow[]> {
  const rows = (await feedPageQuery(db, c, page)) as PostRow[];
  return page.newer ? rows.reverse() : rows;
}

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = (await db.select(postColumns).from(posts).where(eq(posts.id, id))) as PostRow[];
  return row;
}

export async function findPostsOfUser(db: Db, userId: number, limit: number): Promise<PostRow[]> {
  return (await db
    .select(postColumns)
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit)) as PostRow[];
}

export async function countPostsOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.userId, userId));
  return row?.n ?? 0;
}

/** Recent visible listings that have a photo, for the landing carousel. */
export async function findFeatured(db: Db, cutoff: Date | null, limit: number): Promise<PostRow[]> {
  const hasPhoto = sql`exists (select 1 from ${postMedia} m where m.post_id = ${postIdColumn} and m.kind = 'photo')`;
  return (await db
    .select(postColumns)
    .from(posts)
    .where(and(visibleCondition(cutoff), hasPhoto))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit)) as PostRow[];
}

/** A count: the feed's index ranges (counted) and the whole condition (estimated by the planner). */
export interface CountQuery {
  branches: SQL[];
  condition: SQL;
}

/** What a count-new or meta count asks: the visible matches, optionally only those newer than a cursor. */
export function countQuery(c: FeedCondition, newer?: Cursor): CountQuery {
  const extra = newer ? [newerThan(newer)] : [];
  return { branches: feedBranches(c).map((b) => and(b, ...extra)!), condition: and(feedCondition(c), ...extra)! };
}

/** The capped count's statement (also what the benchmark EXPLAINs). */
export function countUpToQuery(query: CountQuery, cap: number): SQL {
  // In feed order, so each range runs along a feed index and stops early instead of reading the table.
  const parts = query.branches.map(
    (branch) => sql`(select 1 from ${posts} where ${branch} order by ${newestFirst('desc')} limit ${cap + 1})`,
  );
  return sql`select count(*)::int as n from (${sql.join(parts, sql` union all `)}) t`;
}

/** Counts matches, but stops after `cap + 1` (per range): the answer is exact when it is at most `cap`. */
export async function countUpTo(db: Db, query: CountQuery, cap: number): Promise<number> {
  const result = await db.execute<{ n: number }>(countUpToQuery(query, cap));
  return Number(result.rows[0]?.n ?? 0);
}

/** A statement as text and parameters, for EXPLAIN in the benchmark. */
export function renderQuery(query: SQL): { sql: string; params: unknown[] } {
  return new PgDialect().sqlToQuery(query);
}

/** The planner's row estimate for a condition (statistics from ANALYZE; no rows are read). */
export async function estimateCount(db: Db, condition: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) select 1 from ${posts} where ${condition}`);
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The brand of each given model that exists. */
export async function findModelBrands(db: Db, modelIds: number[]): Promise<{ id: number; brandId: number }[]> {
  if (modelIds.length === 0) return [];
  return db.select({ id: models.id, brandId: models.brandId }).from(models).where(inArray(models.id, modelIds));
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
  const result = await db.execute<{ word: string; full_text: boolean; brand_ids: number[] | string; model_ids: number[] | string }>(sql`
    select w.word,
      numnode(websearch_to_tsquery('russian', w.word)) > 0 as full_text,
      ${matches(brands)} as brand_ids,
      ${matches(models)} as model_ids
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as w(word, n)
    order by w.n`);
  return result.rows.map((row) => ({
    word: row.word,
    fullText: row.full_text,
    brandIds: parseIntArray(row.brand_ids),
    modelIds: parseIntArray(row.model_ids),
  }));
}

/** int[] comes back as an array from node-postgres and PGlite; the text form is handled in case a driver differs. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
