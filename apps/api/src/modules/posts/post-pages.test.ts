import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { FEATURED_POSTS_LIMIT, FEED_PAGE_SIZE, formatNumber, formatPrice } from '@autoradar/core';
import { contract, type Post } from '@autoradar/contract';
import { postMedia, type NewPost } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, unpublishListing } from '@autoradar/server/listings/listing-lifecycle';
import { seedListings } from '@autoradar/server/listings/seed-listings';
import { addListing } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signIn, signInPro, testClock, testConfig } from '../../testing/test-app';
import { readJson } from '../../testing/read-json';
import { FeedCounter } from './feed-counter';
import { countQuery } from './feed-sql/count';

const HOUR = 3_600_000;

describeEachDb('listing page, carousel, favourites, own listings and counts', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock();
  const now = clock();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  async function addPost(over: Partial<NewPost>, photos = 1) {
    const row = await addListing(getDb().db, {
      channel: 'avto_msk',
      title: 'Объявление',
      text: '',
      publishedAt: ago(48),
      ...over,
    });
    for (let i = 0; i < photos; i++) {
      await getDb()
        .db.insert(postMedia)
        .values({
          postId: row.id,
          url: `/media/demo/${row.id}-${i}.jpg`,
          urlSm: `/media/demo/${row.id}-${i}_sm.jpg`,
          position: i,
        });
    }
    return row;
  }

  beforeAll(async () => {
    // A built web app's shell, as `pnpm build` leaves it.
    const dist = mkdtempSync(path.join(tmpdir(), 'autoradar-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><meta name="description" content="Общее описание" /><title>АвтоРадар</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    app = await buildTestApp(getDb(), {
      clock,
      config: testConfig({ APP_URL: 'https://autoradar.example' }, { webDistDir: dist }),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders the listing title, description and Open Graph image into the app shell', async () => {
    const post = await addPost({
      title: 'Toyota Camry 2018 <script>alert(1)</script>',
      price: 2_350_000,
      year: 2018,
      mileage: 87_000,
      location: 'Казань',
      text: '<p>Один владелец, &laquo;обслуживание&raquo; у&nbsp;дилера &#8212; всё&#x21;</p><p>Торг уместен.</p>',
    });
    const res = await app.inject({ method: 'GET', url: `/posts/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const price = formatPrice(2_350_000);
    expect(head).toContain(
      `<title>Toyota Camry 2018 &lt;script&gt;alert(1)&lt;/script&gt; — ${price} — АвтоРадар</title>`,
    );
    expect(head).toContain(
      `<meta property="og:title" content="Toyota Camry 2018 &lt;script&gt;alert(1)&lt;/script&gt; — ${price}" />`,
    );
    expect(head).toContain(
      `<meta name="description" content="2018 г., пробег ${formatNumber(87_000)} км, Казань. Один владелец, «обслуживание» у дилера — всё! Торг уместен." />`,
    );
    expect(head).toContain(
      `<meta property="og:image" content="https://autoradar.example/media/demo/${post.id}-0.jpg" />`,
    );
    expect(head).toContain(`<meta property="og:url" content="https://autoradar.example/posts/${post.id}" />`);
    expect(head).not.toContain('Общее описание');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    // Then the SPA boots as on every other route, with the same settings as every other page: the operator, and the websocket for the page's live updates.
    const appConfig = (html: string) => /window\.__APP_CONFIG__=(\{.*?\})<\/script>/.exec(html)?.[1];
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(appConfig(head)).toBe(appConfig(home.body));
    expect(appConfig(head)).toContain('"realtimePort":');
    expect(appConfig(head)).toContain('"operatorName":');
    expect(res.body).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers unknown, unpublished and malformed listing pages with a 404 page, delayed ones with a generic preview', async () => {
    const hidden = await addPost({ title: 'Снятое', status: 'unpublished' });
    for (const id of [hidden.id, 99_999_999, 'abc', '99999999999999999999']) {
      const res = await app.inject({ method: 'GET', url: `/posts/${id}` });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>Объявление не найдено или снято с публикации — АвтоРадар</title>');
      expect(res.body).toContain('<div id="root"></div>');
    }
    const fresh = await addPost({ title: 'Свежая Kia Rio', publishedAt: ago(2) });
    const guest = await app.inject({ method: 'GET', url: `/posts/${fresh.id}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).not.toContain('Свежая Kia Rio');
    expect(guest.body).toContain('PRO');
    const pro = await signInPro(getDb(), now);
    const forPro = await app.inject({ method: 'GET', url: `/posts/${fresh.id}`, headers: pro.headers });
    expect(forPro.body).toContain('<title>Свежая Kia Rio — АвтоРадар</title>');
  });

  it('fills the landing carousel with recent visible listings that have photos', async () => {
    for (let i = 0; i < FEATURED_POSTS_LIMIT + 2; i++)
      await addPost({ title: `Карусель ${i}`, publishedAt: ago(30 + i) });
    const noPhoto = await addPost({ title: 'Без фото', publishedAt: ago(25) }, 0);
    const fresh = await addPost({ title: 'Свежее', publishedAt: ago(1) });
    const res = await app.inject({ method: 'POST', url: '/api/ck00p/posts', payload: {} });
    expect(res.statusCode).toBe(200);
    const data = readJson(res, contract.posts.featured).data;
    expect(data).toHaveLength(FEATURED_POSTS_LIMIT);
    const ids = data.map((p) => p.id);
    expect(ids).not.toContain(noPhoto.id);
    expect(ids).not.toContain(fresh.id);
    expect(data.every((p) => p.mediaFiles.some((m) => m.type === 'photo'))).toBe(true);
    const pro = await signInPro(getDb(), now);
    const forPro = await app.inject({ method: 'POST', url: '/api/ck00p/posts', payload: {}, headers: pro.headers });
    expect(readJson(forPro, contract.posts.featured).data[0]?.id).toBe(fresh.id);
  });

  it('answers the favourites among the given ids for a signed-in user', async () => {
    const a = await addPost({ title: 'Избранное A', publishedAt: ago(50) });
    const b = await addPost({ title: 'Избранное B', publishedAt: ago(49) });
    const gone = await addPost({ title: 'Снято', status: 'unpublished' });
    const user = await signIn(getDb());
    expect((await app.inject({ method: 'POST', url: '/api/notes', payload: { ids: [a.id] } })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { ids: [a.id, gone.id, b.id, a.id, 123_456_789] },
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(readJson(res, contract.posts.notes).data.map((p: Post) => p.id)).toEqual([b.id, a.id]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/notes', payload: { ids: [] }, headers: user.headers })).json(),
    ).toEqual({ data: [] });
    expect(
      (await app.inject({ method: 'POST', url: '/api/notes', payload: { ids: 'все' }, headers: user.headers }))
        .statusCode,
    ).toBe(422);
  });

  it("lists the user's own listings, published or not, with their count", async () => {
    const owner = await signIn(getDb());
    const other = await signIn(getDb());
    const mine = [
      await addPost({ channel: 'site', userId: owner.id, title: 'Моя 1', publishedAt: ago(5) }),
      await addPost({ channel: 'site', userId: owner.id, title: 'Моя 2', publishedAt: ago(1), status: 'unpublished' }),
    ];
    await addPost({ channel: 'site', userId: other.id, title: 'Чужая' });
    expect((await app.inject({ method: 'GET', url: '/api/posts/my' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/posts/my', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(readJson(res, contract.posts.my).meta).toEqual({ count: 2 });
    expect(readJson(res, contract.posts.my).data.map((p: Post) => [p.id, p.status])).toEqual([
      [mine[1]!.id, 'unpublished'],
      [mine[0]!.id, 'published'],
    ]);
  });

  it('counts exactly up to the cap and estimates above it, never below the cap', async () => {
    const { db } = getDb();
    const bulk = await seedListings(
      db,
      Array.from({ length: 120 }, (_, g) => ({
        post: { channel: 'avto_bulk', title: `Пачка ${g + 1}`, text: '', year: 1977, publishedAt: ago(72) },
      })),
    );
    await db.execute(sql`analyze posts`);
    const filter = {
      cutoff: null,
      anyModelBrandIds: [],
      modelIds: [],
      cityIds: [],
      priceFrom: null,
      priceTo: null,
      yearFrom: 1977,
      yearTo: 1977,
      goodPriceOnly: false,
      terms: [],
    };
    const condition = countQuery(filter);
    expect(await new FeedCounter(db, { cap: 500, ttlMs: 60_000, maxEntries: 10 }).count('k', condition)).toBe(120);
    // Asking the planner first (full-text filters) still counts a small result exactly.
    expect(await new FeedCounter(db, { cap: 500, ttlMs: 60_000, maxEntries: 10 }).count('k', condition, true)).toBe(
      120,
    );
    let time = 0;
    const small = new FeedCounter(db, { cap: 50, ttlMs: 1_000, maxEntries: 10, now: () => time });
    const estimate = await small.count('k', condition);
    expect(estimate).toBeGreaterThan(50);
    // The estimate is kept for the same key until it expires.
    const events = createDomainEvents({ log: { error: () => {} } });
    for (const id of bulk) await changeListings({ db, events }, (l) => unpublishListing(l, id));
    expect(await small.count('k', condition)).toBe(estimate);
    time = 1_001;
    expect(await small.count('k', condition)).toBe(0);
    expect(await small.count('all', countQuery({ ...filter, yearFrom: null, yearTo: null }))).toBeGreaterThan(0);
    // Under the delay the count adds up both ranges (own recent listings, everything older).
    const guest = { ...filter, cutoff: new Date(now.getTime() - 24 * HOUR) };
    const exact = new FeedCounter(db, { cap: 10_000, ttlMs: 0, maxEntries: 1 });
    const visible = await exact.count('g', countQuery({ ...guest, yearFrom: null, yearTo: null }));
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from posts where status = 'published'
      and (channel = 'site' or published_at <= ${guest.cutoff.toISOString()}::timestamptz)`);
    expect(visible).toBe(rows[0]!.n);
  });

  it('keeps a feed page to the fixed size', async () => {
    for (let i = 0; i < FEED_PAGE_SIZE + 3; i++) await addPost({ title: `Страница ${i}`, year: 1966 }, 0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts/search',
      payload: { yearFrom: 1966, yearTo: 1966 },
    });
    expect(readJson(res, contract.posts.search).data).toHaveLength(FEED_PAGE_SIZE);
    expect(readJson(res, contract.posts.search).meta.total).toBe(FEED_PAGE_SIZE + 3);
  });
});
