import { and, sql, type SQL } from 'drizzle-orm';
import { postSearchVector, posts } from '@autoradar/db';
import { newerThan, newestFirst, olderThan, type Cursor } from './condition';
import { filterParts, unindexedVector, type BoundFilter } from './filter';

// The page of one visible range as parts of one statement: a short walk in feed order, a longer one, or the matches
// gathered by their most selective index, whichever answers. The planner's estimate of a filter decides nothing, so a
// filter it misjudges (a price one year never reaches) cannot walk the whole feed (docs/decisions.md "Feed plans per
// filter shape"; the plans per shape: docs/performance.md, issue 21).

/** How far the walks go (tests shrink them to reach every part on a few dozen listings). */
export interface WalkSizes {
  entries: number;
  textRows: number;
  /** Text gathered without the text index when at most this share of the short walk's entries pass the plain part. */
  plainShare?: number;
}

export type Page = {
  older?: Cursor | null;
  newer?: Cursor | null;
  limit: number;
  walk?: WalkSizes;
  /** See FEED_TEXT_PLAIN_SHARE: this request's share, from the statistics (textPlainShare). */
  plainShare?: number;
};

/**
 * How far a page walks in feed order before it stops trusting the order. A filter that finds a page among the newest
 * FEED_WALK_ENTRIES index entries is answered by that walk; one that finds at least FEED_WALK_MIN_HITS there walks
 * FEED_WALK_WIDEN times as far; a rarer one gathers its matches through its most selective index and sorts them. The
 * walk reads index entries only (the feed indexes carry every filtered column) except for text, whose walk reads rows
 * and is shorter.
 */
export const FEED_WALK_ENTRIES = 2_000;
export const FEED_TEXT_WALK_ROWS = 400;
export const FEED_WALK_WIDEN = 8;
export const FEED_WALK_MIN_HITS = 3;
/**
 * Text gathered without its index when at most this share of the short walk's entries pass the plain part (1 in
 * 200), without statistics; with them the share is the request's own (spread.ts textPlainShare).
 */
export const FEED_TEXT_PLAIN_SHARE = 0.005;

/** Columns the walk hands to the filter: those the feed indexes carry (a walk reads index entries only). */
const walkColumns = sql.join(
  [posts.id, posts.publishedAt, posts.brandId, posts.modelId, posts.cityId, posts.price, posts.year, posts.channel].map(
    (col) => sql.raw(`"${col.name}"`),
  ),
  sql`, `,
);

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
 * `textRows`), so a range or an id filter keeps the text walk long and cheap. (A row_number() marker instead of the
 * span was tried and taken back: docs/performance.md, issue 21 "second pass".)
 *
 * `whole`: the range is small by nature (the own listings of the last day, under the delay), or every entry of it
 * matches (see pageQuery), so it is walked to its end — in practice until the page is full — and that is its answer:
 * one walk to plan instead of two walks, their spans and the gathered parts.
 */
export function rangePage(n: number, visible: SQL, c: BoundFilter, page: Page, whole = false) {
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
  // document read from the rows they find (a common word's GIN bitmap is dear and its estimate unreliable:
  // docs/decisions.md "Feed plans per filter shape"). The plain part's share among the short walk's entries decides.
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
