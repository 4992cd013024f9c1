import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { contract } from '@autoradar/contract';
import { posts } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { addListing } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signIn, signInAdmin, signInPro, testClock } from '../../testing/test-app';
import { readJson } from '../../testing/read-json';

// The rule itself (one announcement per change) is tested beside it: packages/server/src/listings/moderation.test.ts.
describeEachDb('unpublish (admin)', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
  });
  afterAll(() => app.close());

  const createPost = async (title: string) =>
    (
      await addListing(getDb().db, {
        channel: 'site',
        title,
        text: '<p>Продаю</p>',
        year: 2015,
        price: 900_000,
        publishedAt: new Date(clock().getTime() - 3_600_000),
      })
    ).id;
  const search = async (headers: Record<string, string>) =>
    readJson(
      await app.inject({ method: 'POST', url: '/api/posts/search', headers, payload: {} }),
      contract.posts.search,
    ).data.map((p) => p.id);

  it('takes the listing off the feed, and repeating it changes nothing', async () => {
    const admin = await signInAdmin(getDb());
    const viewer = await signInPro(getDb(), clock());
    const id = await createPost('Lada Vesta 2015');
    expect(await search(viewer.headers)).toContain(id);

    const res = await app.inject({ method: 'PUT', url: `/api/posts/${id}/unpublish`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await search(viewer.headers)).not.toContain(id);
    expect((await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: viewer.headers })).statusCode).toBe(
      404,
    );
    const [row] = await getDb().db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe('unpublished');

    expect(
      (await app.inject({ method: 'PUT', url: `/api/posts/${id}/unpublish`, headers: admin.headers })).statusCode,
    ).toBe(204);
  });

  it('is for admins only and answers an unknown post with 404', async () => {
    const id = await createPost('Kia Rio 2017');
    const pro = await signInPro(getDb(), clock());
    const plain = await signIn(getDb());
    const admin = await signInAdmin(getDb());
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${id}/unpublish` })).statusCode).toBe(401);
    for (const who of [pro, plain]) {
      const res = await app.inject({ method: 'PUT', url: `/api/posts/${id}/unpublish`, headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Недостаточно прав' });
    }
    const [row] = await getDb().db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe('published');
    for (const url of ['/api/posts/987654321/unpublish', '/api/posts/abc/unpublish']) {
      const res = await app.inject({ method: 'PUT', url, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Не найдено' });
    }
  });
});
