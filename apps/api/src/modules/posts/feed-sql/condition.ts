import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { OWN_CHANNEL, type FilterBounds, type FilterFlags } from '@autoradar/core';
import { posts } from '@autoradar/db';
import { filterCondition } from './filter';

// What a feed query asks and what the viewer may see: the condition's shape, visibility under the delay, and the
// keyset cursor. Every listing query keeps `status = 'published'` for the partial indexes and orders by
// (published_at desc, id desc) with drizzle's desc(), the order the feed indexes are built in (packages/db/README.md
// "Feed queries and their indexes").

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
export interface FeedCondition extends FilterBounds, FilterFlags {
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
export function visibleUpTo(cutoff: TimestampParam): SQL {
  const published = sql`${posts.status} = 'published'`;
  return and(published, or(eq(posts.channel, OWN_CHANNEL), sql`${posts.publishedAt} <= ${ts(cutoff)}`))!;
}

/** The WHERE clause of a feed query: visibility and the filter, without paging. */
export function feedCondition(c: FeedCondition): SQL {
  return and(visibleCondition(c.cutoff), filterCondition(c))!;
}

const ownChannel = sql.raw(`'${OWN_CHANNEL}'`); // a literal, so the planner matches posts_own_feed_idx's predicate

/**
 * The visible feed as index ranges, each in feed order, without the filter: everything published for PRO; under the
 * delay, the own listings newer than the cutoff (posts_own_feed_idx) and everything up to the cutoff (ISO text, or its
 * placeholder). Ranges never overlap.
 */
export function visibleRanges(cutoff: TimestampParam | null): SQL[] {
  const published = sql`${posts.status} = 'published'`;
  if (cutoff === null) return [published];
  const at = ts(cutoff);
  return [
    and(published, sql`${posts.channel} = ${ownChannel}`, sql`${posts.publishedAt} > ${at}`)!,
    and(published, sql`${posts.publishedAt} <= ${at}`)!,
  ];
}

export function olderThan(cursor: Cursor): SQL {
  // Spelled out rather than as a row comparison so the first conjunct bounds the index scan.
  if (cursor.id === null) return sql`${posts.publishedAt} < ${ts(cursor.publishedAt)}`;
  return sql`(${posts.publishedAt} <= ${ts(cursor.publishedAt)} and (${posts.publishedAt} < ${ts(cursor.publishedAt)} or ${posts.id} < ${cursor.id}))`;
}

export function newerThan(cursor: Cursor): SQL {
  if (cursor.id === null) return sql`${posts.publishedAt} > ${ts(cursor.publishedAt)}`;
  return sql`(${posts.publishedAt} >= ${ts(cursor.publishedAt)} and (${posts.publishedAt} > ${ts(cursor.publishedAt)} or ${posts.id} > ${cursor.id}))`;
}

/** Feed order (newest first, or oldest first when reading upwards), on the table or on a union's `u` rows. */
export function newestFirst(direction: 'asc' | 'desc', table = true): SQL {
  const dir = sql.raw(direction);
  return table ? sql`${posts.publishedAt} ${dir}, ${posts.id} ${dir}` : sql`u.published_at ${dir}, u.id ${dir}`;
}
