import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, importReferenceData, migrateDb, models, notes, brands, type DbHandle } from '@autoradar/db';
import { moveToPostgres } from '@autoradar/db/ops/move-to-postgres';
import { postgresUnavailableReason, testDatabaseUrl } from '@autoradar/db/testing/test-db';
import { seedDemoListings } from '@autoradar/server/listings/demo-listings';
import { buildTestApp, publishTestDraft, signInPro, testConfig } from '../testing/test-app';
import { multipart } from '../testing/multipart';

// Issue 30: `pnpm db:move-to-postgres URL` carries an embedded run (demo data, a user with a session, a saved filter,
// a favourite, an uploaded photo) into an empty PostgreSQL; an API on DATABASE_URL=URL then answers the same.

const describePg = postgresUnavailableReason && process.env.CI !== 'true' ? describe.skip : describe;

async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ar_test_${Date.now().toString(36)}_move${Math.floor(Math.random() * 1e6)}`;
  const admin = await createDb({ databaseUrl: testDatabaseUrl, dataDir: os.tmpdir() });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = await createDb({ databaseUrl: testDatabaseUrl, dataDir: os.tmpdir() });
      await a.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await a.close();
    },
  };
}

type Seen = { feed: unknown; listing: unknown; user: unknown; filters: unknown; notes: unknown; photo: Buffer };

describePg('db:move-to-postgres', () => {
  let dataDir: string;
  let target: { url: string; drop: () => Promise<void> };
  let token: string;
  let postId: number;
  let photoUrl: string;
  let before: Seen;

  const headersOf = (t: string) => ({ authorization: `Bearer ${t}`, 'x-requested-with': 'XMLHttpRequest' });

  async function look(app: FastifyInstance): Promise<Seen> {
    const h = headersOf(token);
    const feed = await app.inject({ method: 'POST', url: '/api/posts/search', headers: h, payload: {} });
    expect(feed.statusCode).toBe(200);
    const listing = await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: h });
    expect(listing.statusCode).toBe(200);
    const user = await app.inject({ method: 'GET', url: '/api/user/data', headers: h });
    expect(user.statusCode).toBe(200);
    const filters = await app.inject({ method: 'GET', url: '/api/user/filters', headers: h });
    const favourites = await app.inject({ method: 'POST', url: '/api/notes', headers: h, payload: { ids: [postId] } });
    const photo = await app.inject({ method: 'GET', url: photoUrl });
    expect(photo.statusCode).toBe(200);
    return {
      feed: feed.json(),
      listing: listing.json(),
      user: user.json(),
      filters: filters.json(),
      notes: favourites.json(),
      photo: photo.rawPayload,
    };
  }

  const configFor = (databaseUrl?: string) =>
    testConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, { dataDir, mediaDir: path.join(dataDir, 'media') });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-move-'));
    target = await createEmptyDatabase();
    const embedded = await createDb({ dataDir });
    await migrateDb(embedded);
    await importReferenceData(embedded.db);
    await seedDemoListings(embedded.db, { mediaDir: path.join(dataDir, 'media') });
    const app = await buildTestApp(embedded, { config: configFor() });
    try {
      const seller = await signInPro(embedded, new Date());
      token = seller.token;
      const [camry] = await embedded.db
        .select({ brandId: brands.id, modelId: models.id })
        .from(models)
        .innerJoin(brands, eq(models.brandId, brands.id))
        .where(and(eq(brands.name, 'Toyota'), eq(models.name, 'Camry')));
      // The seller's listing with an uploaded photo (a demo picture's bytes), published through the API.
      const demoDir = path.join(dataDir, 'media', 'demo');
      const picture = (await readdir(demoDir, { recursive: true })).find((f) => f.endsWith('.jpg'))!;
      postId = await publishTestDraft(app, seller, camry!, async (draftId) => {
        const body = await multipart(
          { draft_id: String(draftId) },
          { name: 'photo.jpg', type: 'image/jpeg', data: await readFile(path.join(demoDir, picture)) },
        );
        const uploaded = await app.inject({
          method: 'POST',
          url: '/api/drafts/media',
          headers: { ...seller.headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(uploaded.statusCode).toBe(201);
      });
      const filter = await app.inject({
        method: 'POST',
        url: '/api/user/filters',
        headers: seller.headers,
        payload: {
          name: 'Камри до 3 млн',
          brands: [camry!.brandId],
          models: [camry!.modelId],
          cities: [],
          priceFrom: null,
          priceTo: 3_000_000,
          yearFrom: 2015,
          yearTo: null,
          active: true,
          send_mode: 'immediately',
          worktime_settings: null,
          via: ['telegram'],
        },
      });
      expect(filter.statusCode).toBe(201);
      await embedded.db.insert(notes).values({ userId: seller.id, postId });
      const listing = (await app.inject({ method: 'GET', url: `/api/posts/${postId}` })).json<{
        data: { mediaFiles: { url: string }[] };
      }>();
      photoUrl = listing.data.mediaFiles[0]!.url;
      expect(photoUrl).toMatch(/^\/media\//);
      before = await look(app);
    } finally {
      await app.close();
      await embedded.close();
    }
  }, 400_000);

  afterAll(async () => {
    await target?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'moves every row and then serves the same feed, listing, photo, favourites and signed-in user',
    { timeout: 300_000 },
    async () => {
      const result = await moveToPostgres({ dataDir, targetUrl: target.url });
      expect(result.tables.posts).toBeGreaterThan(1);
      expect(result.tables.sessions).toBe(1);
      expect(result.tables.filters).toBe(1);
      expect(result.tables.notes).toBe(1);
      expect(result.tables.filter_match_keys).toBeGreaterThan(0);

      const moved: DbHandle = await createDb({ databaseUrl: target.url, dataDir });
      const app = await buildTestApp(moved, { config: configFor(target.url) });
      try {
        const after = await look(app);
        expect(after.feed).toEqual(before.feed);
        expect(after.listing).toEqual(before.listing);
        expect(after.user).toEqual(before.user);
        expect(after.filters).toEqual(before.filters);
        expect(after.notes).toEqual(before.notes);
        expect(after.photo.equals(before.photo)).toBe(true);

        // The sequences continue after the moved rows: a new filter gets a new id instead of a duplicate key.
        const second = await app.inject({
          method: 'POST',
          url: '/api/user/filters',
          headers: headersOf(token),
          payload: {
            ...(before.filters as { data: Record<string, unknown>[] }).data[0],
            id: undefined,
            name: 'Ещё один',
          },
        });
        expect(second.statusCode).toBe(201);
      } finally {
        await app.close();
        await moved.close();
      }
    },
  );

  it('refuses a target that is not empty, naming it', async () => {
    await expect(moveToPostgres({ dataDir, targetUrl: target.url })).rejects.toThrow(/не пуста.*пустую базу/);
  });
});
