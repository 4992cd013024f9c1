import { and, eq } from 'drizzle-orm';
import { posts, type Db } from '@autoradar/db';

export async function postExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  return row !== undefined;
}

/** Takes a published post off the feed; false when it was not published (already off, or unknown). */
export async function setPostUnpublished(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ status: 'unpublished', updatedAt: now })
    .where(and(eq(posts.id, id), eq(posts.status, 'published')))
    .returning({ id: posts.id });
  return rows.length > 0;
}
