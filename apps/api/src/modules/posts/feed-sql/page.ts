import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { posts, type Db } from '@autoradar/db';
import { postColumns, type PostRow } from '@autoradar/server/listings/post-row';
import {
  newerThan,
  newestFirst,
  olderThan,
  visibleRanges,
  visibleUpTo,
  type Cursor,
  type FeedCondition,
  type TimestampParam,
} from './condition';
import { asIs, bindFilter, filterSql, type Bind, type BoundFilter } from './filter';
import { rangePage, type Page } from './range-page';
import { chooseWalk, feedSpread, textPlainShare, walkId, type WalkOn } from './spread';
import { placeholders, preparedFor } from './statements';

// One feed page as one statement: the page of each visible range (range-page.ts) joined in feed order, and the
// listings' rows by primary key; favourites by their ids. Built once per filter shape and run with the request's
// values, so the text PostgreSQL plans is the same whether the API runs it or the benchmark EXPLAINs it.

const walkColumn = { brand: posts.brandId, model: posts.modelId, city: posts.cityId } as const;

/** Keeps the walk on a one-id feed index when the filter names one brand, model or city (spread.ts chooseWalk). */
function walkRange(c: BoundFilter, on: WalkOn | undefined): SQL | undefined {
  return on ? eq(walkColumn[on], walkId(c, on)) : undefined;
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
      // = any(array(...)): an init plan and a primary-key lookup; `in (...)` made the planner weigh a semi-join.
      .where(sql`${posts.id} = any(array(${ids}))`)
      .orderBy(...order)
      .limit(page.limit)
  );
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
