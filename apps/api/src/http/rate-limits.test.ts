import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { EMPTY_FILTER_CRITERIA } from '@autoradar/core';
import {
  brands,
  draftMedia,
  drafts,
  filters,
  importReferenceData,
  models,
  orders,
  posts,
  tickets,
} from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { startFakeApiCloud, type FakeApiCloud } from '@autoradar/server/reports/testing/fake-api-cloud';
import { insertTestPartner } from '@autoradar/server/reports/testing/order-fixtures';
import { multipart } from '../testing/multipart';
import { buildTestApp, publishTestDraft, signIn, signInAdmin, signInPro, testConfig } from '../testing/test-app';
import { limitOf } from './rate-limits';

// The limits of http/rate-limits.ts at a tenth of their size (RATE_LIMIT_SCALE=0.1): the call past the limit is
// refused with the Russian 429 and changes nothing; one user's count is theirs whatever the address, one address's
// count is its own whoever signs in.

const SCALE = 0.1;
const TOO_MANY = /^Слишком много запросов\. Попробуйте через \d+ секунд[уы]?\.$/;

let ipSeq = 0;
/** An address no other test of this file uses. */
const freshIp = () => `10.31.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json<{ message: string }>().message).toMatch(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describeEachDb('rate limits', (getDb) => {
  let app: FastifyInstance;
  let fake: FakeApiCloud;
  let catalog: { brandId: number; modelId: number };

  beforeAll(async () => {
    await importReferenceData(getDb().db);
    fake = await startFakeApiCloud();
    app = await buildTestApp(getDb(), {
      config: testConfig({
        RATE_LIMIT_SCALE: String(SCALE),
        REPORTS_API_URL: fake.url,
        REPORTS_API_KEY: fake.token,
        REPORTS_POLL_INTERVAL: '3600',
      }),
    });
    const [row] = await getDb()
      .db.select({ brandId: brands.id, modelId: models.id })
      .from(models)
      .innerJoin(brands, eq(models.brandId, brands.id))
      .where(and(eq(brands.name, 'Toyota'), eq(models.name, 'Camry')));
    catalog = row!;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const rows = async (query: () => Promise<{ n: number }[]>) => (await query())[0]!.n;
  const ticketCount = () =>
    rows(() =>
      getDb()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(tickets),
    );

  const support = (headers: Record<string, string>, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/support',
      headers,
      remoteAddress,
      payload: { message: 'Не открывается фото', contacts: null, ticket: '281126-123', url: 'https://a.example/' },
    });

  it('support: per user whatever the address, then per address whoever writes', async () => {
    const limit = limitOf('support', SCALE);
    const user = await signIn(getDb());
    for (let i = 0; i < limit.user; i++) expect((await support(user.headers, freshIp())).statusCode).toBe(200);
    const before = await ticketCount();
    expectTooMany(await support(user.headers, freshIp()));
    expect(await ticketCount()).toBe(before);

    const ip = freshIp();
    for (let i = 0; i < limit.ip; i++) expect((await support({}, ip)).statusCode).toBe(200);
    expectTooMany(await support({}, ip));
    expectTooMany(await support((await signIn(getDb())).headers, ip));
    expect(await ticketCount()).toBe(before + limit.ip);
    // Another address and another user are not held back.
    expect((await support({}, freshIp())).statusCode).toBe(200);
  });

  it('inspection tickets', async () => {
    const limit = limitOf('inspection', SCALE);
    const user = await signIn(getDb());
    const order = () =>
      app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: user.headers,
        remoteAddress: freshIp(),
        payload: { message: null, contacts: '+7 900 000-00-00', ticket: '281126-456', url: 'https://a.example/p/1' },
      });
    for (let i = 0; i < limit.user; i++) expect((await order()).statusCode).toBe(200);
    const before = await ticketCount();
    expectTooMany(await order());
    expect(await ticketCount()).toBe(before);
  });

  it('saved-filter writes share one count per user: create, replace, toggle, delete', async () => {
    const limit = limitOf('filterWrite', SCALE);
    const user = await signInPro(getDb());
    const body = (name: string) => ({
      ...EMPTY_FILTER_CRITERIA,
      name,
      brands: [catalog.brandId],
      active: false,
      send_mode: 'immediately',
      worktime_settings: null,
      via: ['telegram'],
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/filters',
      headers: user.headers,
      remoteAddress: freshIp(),
      payload: body('Камри'),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    for (let i = 1; i < limit.user; i++) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user/filters/${id}`,
        headers: user.headers,
        remoteAddress: freshIp(),
        payload: body(`Камри ${i}`),
      });
      expect(res.statusCode).toBe(200);
    }
    const toggle = await app.inject({
      method: 'PATCH',
      url: `/api/user/filters/${id}/toggle`,
      headers: user.headers,
      remoteAddress: freshIp(),
      payload: { active: true },
    });
    expectTooMany(toggle);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/user/filters/${id}`,
      headers: user.headers,
      remoteAddress: freshIp(),
    });
    expectTooMany(removed);
    const [row] = await getDb().db.select().from(filters).where(eq(filters.id, id));
    expect(row).toMatchObject({ name: `Камри ${limit.user - 1}`, active: false });
  });

  it('publishing', async () => {
    const limit = limitOf('publish', SCALE);
    const seller = await signInPro(getDb());
    for (let i = 0; i < limit.user; i++) await publishTestDraft(app, seller, catalog);
    const postCount = () =>
      rows(() =>
        getDb()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(posts),
      );
    const before = await postCount();
    const draft = (await app.inject({ method: 'GET', url: '/api/drafts/create', headers: seller.headers })).json<{
      data: { id: number };
    }>().data;
    await expect(publishTestDraft(app, seller, catalog)).rejects.toThrow(/publish answered 429/);
    expect(await postCount()).toBe(before);
    const [left] = await getDb().db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(left).toBeDefined();
  });

  it('uploads', async () => {
    const limit = limitOf('upload', SCALE);
    const user = await signIn(getDb());
    const draftId = (await app.inject({ method: 'GET', url: '/api/drafts/create', headers: user.headers })).json<{
      data: { id: number };
    }>().data.id;
    const photo = await samplePhoto(64, 48, 'jpeg');
    const upload = async () => {
      const form = await multipart({ draft_id: String(draftId) }, { name: 'a.jpg', type: 'image/jpeg', data: photo });
      return app.inject({
        method: 'POST',
        url: '/api/drafts/media',
        headers: { ...user.headers, 'content-type': form.contentType },
        remoteAddress: freshIp(),
        payload: form.payload,
      });
    };
    for (let i = 0; i < limit.user; i++) expect((await upload()).statusCode).toBe(201);
    expectTooMany(await upload());
    const stored = await rows(() =>
      getDb()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(draftMedia)
        .where(eq(draftMedia.draftId, draftId)),
    );
    expect(stored).toBe(limit.user);
  });

  it('report orders', async () => {
    const limit = limitOf('reportOrder', SCALE);
    const admin = await signInAdmin(getDb());
    const partnerId = await insertTestPartner(getDb());
    const order = () =>
      app.inject({
        method: 'POST',
        url: `/api/partners/${partnerId}/orders`,
        headers: admin.headers,
        remoteAddress: freshIp(),
        payload: { string: 'XTA21703080123456', partner_id: partnerId },
      });
    for (let i = 0; i < limit.user; i++) expect((await order()).statusCode).toBe(201);
    expectTooMany(await order());
    const stored = await rows(() =>
      getDb()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.partnerId, partnerId)),
    );
    expect(stored).toBe(limit.user);
  });
});

describeEachDb('rate limits through Redis', (getDb) => {
  it('two instances with REDIS_URL count one address together (the N+1-th call on the other instance is refused)', async () => {
    const config = () => testConfig({ RATE_LIMIT_SCALE: String(SCALE), REDIS_URL: 'redis://127.0.0.1:6379' });
    const [one, two] = [
      await buildTestApp(getDb(), { config: config() }),
      await buildTestApp(getDb(), { config: config() }),
    ];
    try {
      // An address of its own per run: the count lives a minute in the shared Redis.
      const ip = `10.131.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const limit = limitOf('clientError', SCALE);
      const report = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/client-errors',
          remoteAddress: ip,
          payload: { message: 'TypeError: x is undefined', url: 'https://a.example/search', stack: null },
        });
      for (let i = 0; i < limit.ip; i++) expect((await report(i % 2 ? one : two)).statusCode).toBe(204);
      expectTooMany(await report(one));
      expectTooMany(await report(two));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
