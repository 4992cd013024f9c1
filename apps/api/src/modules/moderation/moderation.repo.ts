import { eq } from 'drizzle-orm';
import { posts, type Db } from '@autoradar/db';

export async function postExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  return row !== undefined;
}
