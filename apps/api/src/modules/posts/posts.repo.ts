import { and, desc, eq, sql } from 'drizzle-orm';
import { postMedia, posts, type Db } from '@autoradar/db';
import { postColumns, postIdColumn, type PostRow } from '@autoradar/server/listings/post-row';
import { visibleCondition } from './feed-sql/condition';

// The posts module's reads that are not the feed: a user's own listings and the landing carousel. The feed's
// statements (filters, pages, counts, statistics) live in feed-sql/; one listing is read by packages/server's
// findPost, which the bot uses too.

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
