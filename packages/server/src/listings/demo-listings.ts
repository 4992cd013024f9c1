import { eq, sql } from 'drizzle-orm';
import {
  planDemoListings,
  posts,
  renderDemoImages,
  type Db,
  type DbTransaction,
  type SeedDemoOptions,
} from '@autoradar/db';
import { seedListings } from './seed-listings';

// The demo feed of the embedded start (DEMO_DATA): packages/db plans the listings and draws their photos from the
// reference data, and they are written here like every other seed (seed-listings.ts).

export type DemoSeedResult = {
  /** Listings inserted by this call; 0 when demo listings already existed. */
  posts: number;
  media: number;
  /** Image files rendered by this call (missing ones are re-rendered even when the listings exist). */
  images: number;
};

// Any fixed 64-bit key: two processes seeding the same database must not both insert.
const DEMO_SEED_LOCK_KEY = 7_301_190_422_381_002n;

/** Seeds the demo feed once; later calls only restore missing image files. */
export async function seedDemoListings(db: Db | DbTransaction, opts: SeedDemoOptions): Promise<DemoSeedResult> {
  const images = await renderDemoImages(opts);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY.toString()}::bigint)`);
    const [existing] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.isDemo, true)).limit(1);
    if (existing) return { posts: 0, media: 0, images };
    const listings = await planDemoListings(tx, opts);
    await seedListings(tx, listings);
    return { posts: listings.length, media: listings.reduce((n, l) => n + l.media.length, 0), images };
  });
}
