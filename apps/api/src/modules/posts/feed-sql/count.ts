import { and, sql, type SQL } from 'drizzle-orm';
import { posts, type Db } from '@autoradar/db';
import { feedCondition, newerThan, visibleRanges, type Cursor, type FeedCondition } from './condition';
import { asIs, bindFilter, filterParts, filterSql, unindexedVector, type Bind } from './filter';
import { feedSpread, textShare } from './spread';
import { placeholders, preparedFor } from './statements';

// Counts of the feed's matches without counting a million rows: a capped count that stops after cap + 1 rows of
// whatever index finds them, and the planner's estimate above the cap (feed-counter.ts decides which is answered;
// docs/decisions.md "Catalogue and feed (issue 5)" and "Feed plans per filter shape").

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
 * Up to cap + 1 rows of each branch, in no particular order: a rare filter is counted from its most selective index
 * instead of walking the feed order to its end; a common one stops after cap + 1 rows of any index.
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

/** The planner's row estimate for a condition (statistics from ANALYZE; no rows are read). */
export async function estimateCount(db: Db, condition: SQL): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) select 1 from ${posts} where ${condition}`,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}
