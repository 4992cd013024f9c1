import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWN_CHANNEL } from '@autoradar/core';
import { importReferenceData, postMedia, postPrices, postSearchVector, posts, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { seedDemoListings } from './demo-listings';

const now = new Date('2026-11-20T12:00:00Z');

describeEachDb('seedDemoListings', (getDb, target) => {
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-media-'));
    await importReferenceData(getDb().db);
  });

  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('inserts a few hundred demo listings with photos on disk', async () => {
    const { db } = getDb();
    const started = performance.now();
    const result = await seedDemoListings(db, { mediaDir, now });
    console.info(
      `[${target.name}] demo seed: ${result.posts} listings, ${result.media} photos, ` +
        `${result.images} images rendered in ${Math.round(performance.now() - started)} ms`,
    );
    expect(result.posts).toBe(300);
    expect(result.images).toBeGreaterThanOrEqual(40);

    const rows = await db.query.posts.findMany({ with: { media: true, brand: true, model: true, city: true } });
    expect(rows).toHaveLength(300);
    for (const post of rows) {
      expect(post.isDemo).toBe(true);
      expect(post.status).toBe('published');
      expect(post.title).toBe(`${post.brand?.name} ${post.model?.name} ${post.year}`);
      expect(post.mark).toBe(post.brand?.name);
      expect(post.location).toBe(post.city?.city);
      expect(post.currency).toBe('RUB');
      expect(post.price).toBeGreaterThanOrEqual(100_000);
      expect(post.price).toBeLessThan(20_000_000);
      expect(post.mileage).toBeGreaterThan(0);
      expect(post.text).toMatch(/^<p>Продаю /);
      expect(post.media.length).toBeGreaterThanOrEqual(1);
      expect(post.media.length).toBeLessThanOrEqual(3);
      expect(post.media.filter((m) => m.isMain)).toHaveLength(1);
      if (post.channel === OWN_CHANNEL) {
        expect(post.url).toBeNull();
      } else {
        expect(post.channel).toMatch(/^[a-z_]+_demo$/);
        expect(post.url).toBe(`https://t.me/${post.channel}/${post.messageId}`);
      }
    }
    // Every demo listing has its price history: the price it was published with, at that moment.
    const prices = await db.select().from(postPrices);
    expect(prices).toHaveLength(300);
    const byPost = new Map(rows.map((p) => [p.id, p]));
    for (const price of prices) {
      expect(price).toMatchObject({ price: byPost.get(price.postId)?.price, sourceId: null });
      expect(price.recordedAt).toEqual(byPost.get(price.postId)?.publishedAt);
    }
    const channels = new Set(rows.map((p) => p.channel));
    expect(channels.has(OWN_CHANNEL)).toBe(true);
    expect(channels.size).toBeGreaterThanOrEqual(3);
    expect(rows.some((p) => p.text.includes('Торг уместен'))).toBe(true);

    const ages = rows.map((p) => now.getTime() - p.publishedAt.getTime());
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(10 * 86_400_000);
    expect(ages.filter((a) => a < 86_400_000).length).toBeGreaterThan(20);

    const urls = new Set(rows.flatMap((p) => p.media.flatMap((m) => [m.url, m.urlSm!])));
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/demo\/[a-z0-9а-яё-]+\.jpg$/);
      const file = path.join(mediaDir, url.replace(/^\/media\//, ''));
      await expect(access(file)).resolves.toBeUndefined();
    }
    const sample = rows[0]!.media[0]!;
    const large = await sharp(path.join(mediaDir, sample.url.replace(/^\/media\//, ''))).metadata();
    const small = await sharp(path.join(mediaDir, sample.urlSm!.replace(/^\/media\//, ''))).metadata();
    expect([large.format, large.width, large.height]).toEqual(['jpeg', 800, 600]);
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 320, 240]);
  });

  it('prices follow brand and age', async () => {
    const listed = await getDb()
      .db.select({ modelId: posts.modelId, year: posts.year, price: posts.price })
      .from(posts);
    for (const a of listed) {
      for (const b of listed) {
        // Four years of depreciation outweigh the ±10 % spread between individual listings.
        if (a.modelId === b.modelId && a.year! >= b.year! + 4) expect(a.price).toBeGreaterThan(b.price!);
      }
    }

    const { db } = getDb();
    const avg = async (mark: string, model: string) => {
      const [row] = await db
        .select({ avg: sql<number>`avg(${posts.price})::float8`, year: sql<number>`avg(${posts.year})::float8` })
        .from(posts)
        .where(and(eq(posts.mark, mark), eq(posts.model, model)));
      return row;
    };
    const granta = await avg('LADA', 'Granta');
    const x5 = await avg('BMW', 'X5');
    expect(granta?.avg).toBeGreaterThan(300_000);
    expect(granta?.avg).toBeLessThan(1_200_000);
    expect(x5?.avg).toBeGreaterThan(1_500_000);
    expect(x5?.avg).toBeLessThan(9_000_000);
  });

  it('is a no-op the second time and restores missing images', async () => {
    const { db } = getDb();
    await rm(path.join(mediaDir, 'demo', 'detail-1.jpg'));
    const result = await seedDemoListings(db, { mediaDir, now });
    expect(result).toEqual({ posts: 0, media: 0, images: 1 });
    expect(await db.$count(posts)).toBe(300);
    expect((await stat(path.join(mediaDir, 'demo', 'detail-1.jpg'))).size).toBeGreaterThan(1000);
  });

  it('is deterministic for a given seed', async () => {
    const first = await seedAndRollBack(getDb, mediaDir);
    const second = await seedAndRollBack(getDb, mediaDir);
    expect(first).toHaveLength(30);
    expect(second).toEqual(first);
    expect(await getDb().db.$count(posts)).toBe(300);
  });

  it('lets the planner serve feed, full-text and trigram queries from the indexes', async () => {
    const plan = async (query: ReturnType<typeof sql>) =>
      getDb().db.transaction(async (tx) => {
        // Demo volumes are small enough for a sequential scan to win; forbid it to see which index fits.
        await tx.execute(sql`analyze ${posts}`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = await tx.execute<Record<string, string>>(sql`explain ${query}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    expect(
      await plan(
        sql`select id from ${posts} where ${posts.status} = 'published' order by ${posts.publishedAt} desc, ${posts.id} desc limit 20`,
      ),
    ).toContain('posts_feed_idx');
    expect(
      await plan(sql`select id from ${posts} where ${postSearchVector} @@ websearch_to_tsquery('russian', 'камера')`),
    ).toContain('posts_fts_idx');
    expect(await plan(sql`select id from ${posts} where ${posts.title} % 'Tayota Camri'`)).toContain(
      'posts_title_trgm_idx',
    );
  });

  it('finds listings by Russian word forms', async () => {
    const { db } = getDb();
    const found = await db
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${postSearchVector} @@ websearch_to_tsquery('russian', 'подогрев сиденья')`);
    expect(found.length).toBeGreaterThan(0);
    const [newest] = await db.select().from(posts).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(1);
    const mediaOfNewest = await db.select().from(postMedia).where(eq(postMedia.postId, newest!.id));
    expect(mediaOfNewest.length).toBeGreaterThan(0);
  });
});

/** What a 30-listing seed with a fixed PRNG seed would insert, rolled back afterwards. */
async function seedAndRollBack(getDb: () => DbHandle, mediaDir: string) {
  let rows: unknown[] = [];
  await getDb()
    .db.transaction(async (tx) => {
      await tx.delete(posts).where(eq(posts.isDemo, true));
      await seedDemoListings(tx, { mediaDir, now, count: 30, seed: 7 });
      rows = await tx
        .select({
          title: posts.title,
          price: posts.price,
          mileage: posts.mileage,
          text: posts.text,
          at: posts.publishedAt,
        })
        .from(posts)
        .orderBy(posts.publishedAt, posts.title);
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return rows;
}
