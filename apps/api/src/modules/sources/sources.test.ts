import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { contract } from '@autoradar/contract';
import { sources, type Source } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { ingestPost } from '@autoradar/server/ingest/ingest-post';
import { buildTestApp, signIn, signInAdmin, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

// «Источники» over HTTP (issue 28): admins only; a source is added by the link a person pastes, refused in Russian
// when the link names nothing or the source is there already; the list counts each source's last 24 hours of posts
// (read, published, rejected) and a source's page says why each rejected post was (не продажа, дубликат, не разобрано).

const sale = (price: string) => `Продаю Lada Vesta 2019 г.в.\nПробег 45 т.км\nЦена ${price} ₽\nСамара`;

describeEachDb('sources (admin)', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-11-28T09:00:00Z'));
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
    admin = await signInAdmin(getDb());
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, string>) =>
    app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload }) });

  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/sources' })).statusCode).toBe(401);
    const plain = await signIn(getDb());
    const res = await app.inject({
      method: 'POST',
      url: '/api/sources',
      headers: plain.headers,
      payload: { link: '@x' },
    });
    expect(res.statusCode).toBe(403);
    expect(readError(res)).toEqual({ message: 'Недостаточно прав' });
    expect(await getDb().db.select().from(sources)).toEqual([]);
  });

  it('adds a source by its link, once, and refuses a link that names nothing', async () => {
    const added = await call('POST', '/api/sources', { link: 'https://t.me/Avto_Samara', title: 'Авто Самара' });
    expect(added.statusCode).toBe(201);
    const source = readJson(added, contract.sources.add, 201).data;
    expect(source).toMatchObject({
      kind: 'telegram',
      read_via: 'telegram_preview',
      identifier: 'avto_samara',
      link: 't.me/avto_samara',
      title: 'Авто Самара',
      state: 'active',
      last_read_at: null,
      last_error: null,
      day: { read: 0, published: 0, rejected: 0 },
      next_read_at: clock().toISOString(),
    });
    const vk = readJson(await call('POST', '/api/sources', { link: 'vk.com/club123' }), contract.sources.add, 201).data;
    expect(vk).toMatchObject({ kind: 'vk', read_via: 'vk_wall', identifier: '-123', link: 'vk.com/club123' });

    const again = await call('POST', '/api/sources', { link: '@avto_samara' });
    expect(again.statusCode).toBe(409);
    expect(readError(again)).toEqual({ message: 'Этот источник уже добавлен' });
    for (const link of ['https://example.com/x', 'ab']) {
      const bad = await call('POST', '/api/sources', { link });
      expect(bad.statusCode).toBe(422);
      expect(readError(bad)).toMatchObject({
        errors: { link: ['Не понимаю ссылку: укажите t.me/канал, @канал или vk.com/club123'] },
      });
    }
    const empty = await call('POST', '/api/sources', { link: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(readError(empty)).toMatchObject({ errors: { link: ['Укажите ссылку на канал или сообщество'] } });
    expect((await getDb().db.select().from(sources)).map((s) => s.identifier).sort()).toEqual(['-123', 'avto_samara']);
  });

  it('counts the last 24 hours and says why each rejected post was', async () => {
    const db = getDb().db;
    const [source] = await db.select().from(sources).where(eq(sources.identifier, 'avto_samara'));
    const [other] = await db
      .insert(sources)
      .values({ kind: 'telegram', identifier: 'samara_cars', readVia: 'telegram_preview' })
      .returning();
    const deps = { db, events: createDomainEvents({ log: { error: () => {} } }), clock };
    const index = loadAnalysisIndex();
    const ingest = (from: Source, messageId: number, text: string) =>
      ingestPost(deps, index, { source: from, messageId, text, url: `https://t.me/x/${messageId}`, photos: [] });
    // A day ago: outside the counters, still on the page.
    clock.set(new Date('2026-11-27T08:00:00Z'));
    expect((await ingest(source!, 1, sale('650 000'))).status).toBe('published');
    clock.set(new Date('2026-11-28T08:30:00Z'));
    expect((await ingest(source!, 2, sale('700 000'))).status).toBe('published');
    expect(await ingest(source!, 3, 'Куплю Ладу Весту в любом состоянии, звоните')).toMatchObject({
      status: 'rejected',
    });
    expect(await ingest(source!, 4, 'Всем хороших выходных! 🚗')).toMatchObject({ status: 'rejected' });
    expect((await ingest(other!, 7, sale('700 000'))).status).toBe('linked');
    clock.set(new Date('2026-11-28T09:00:00Z'));

    const list = readJson(await call('GET', '/api/sources'), contract.sources.list).data;
    expect(list.find((s) => s.identifier === 'avto_samara')!.day).toEqual({ read: 3, published: 1, rejected: 2 });
    expect(list.find((s) => s.identifier === 'samara_cars')!.day).toEqual({ read: 1, published: 0, rejected: 1 });
    expect(list.find((s) => s.identifier === '-123')!.day).toEqual({ read: 0, published: 0, rejected: 0 });

    const detail = readJson(await call('GET', `/api/sources/${source!.id}`), contract.sources.get).data;
    expect(detail.source.identifier).toBe('avto_samara');
    expect(detail.posts.map((p) => [p.message_id, p.outcome])).toEqual([
      [4, 'unparsed'],
      [3, 'not_sale'],
      [2, 'published'],
      [1, 'published'],
    ]);
    expect(detail.posts[0]!.excerpt).toBe('Всем хороших выходных! 🚗');
    expect(detail.posts[2]!.post_id).toEqual(expect.any(Number));
    const duplicate = readJson(await call('GET', `/api/sources/${other!.id}`), contract.sources.get).data.posts;
    expect(duplicate).toMatchObject([{ message_id: 7, outcome: 'duplicate', post_id: detail.posts[2]!.post_id }]);
  });

  it('pauses, resumes and removes a source; an unknown one is 404', async () => {
    const [source] = await getDb().db.select().from(sources).where(eq(sources.identifier, '-123'));
    await getDb()
      .db.update(sources)
      .set({ state: 'broken', lastError: 'Стена -123 ВКонтакте недоступна', failures: 3 })
      .where(eq(sources.id, source!.id));
    const paused = readJson(await call('PUT', `/api/sources/${source!.id}/pause`), contract.sources.pause).data;
    expect(paused.state).toBe('paused');
    const resumed = readJson(await call('PUT', `/api/sources/${source!.id}/resume`), contract.sources.resume).data;
    expect(resumed).toMatchObject({ state: 'active', last_error: null, next_read_at: clock().toISOString() });
    expect((await call('DELETE', `/api/sources/${source!.id}`)).statusCode).toBe(204);
    for (const [method, url] of [
      ['DELETE', `/api/sources/${source!.id}`],
      ['PUT', `/api/sources/${source!.id}/pause`],
      ['GET', '/api/sources/987654'],
      ['GET', '/api/sources/abc'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(readError(res)).toEqual({ message: 'Не найдено' });
    }
  });
});
