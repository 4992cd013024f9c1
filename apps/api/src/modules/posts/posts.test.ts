import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { EMPTY_FILTER_CRITERIA, FEED_PAGE_SIZE, matchFilter, type MatchCriteria } from '@autoradar/core';
import { contract, type Post } from '@autoradar/contract';
import {
  brands,
  cities,
  importReferenceData,
  marketEstimates,
  models,
  orderParts,
  orders,
  partners,
  postMedia,
  type NewPost,
} from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { addListing } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signIn, signInPro, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

const HOUR = 3_600_000;

describeEachDb('feed: search, count-new, paging and the 24-hour delay', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock();
  const now = clock();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  let pro: Record<string, string>;
  let basic: Record<string, string>;
  const ref = { toyota: 0, bmw: 0, vw: 0, camry: 0, corolla: 0, x5: 0, polo: 0, moscow: 0, kazan: 0, omsk: 0 };
  const rows: (NewPost & { id: number })[] = [];

  async function addPost(over: Partial<NewPost>) {
    const row = await addListing(getDb().db, {
      channel: 'avto_msk',
      title: 'Объявление',
      text: '<p>Продаю автомобиль.</p>',
      publishedAt: ago(48),
      ...over,
    });
    rows.push({ ...row, id: row.id });
    return row;
  }

  const search = async (body: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/posts/search', payload: body, headers });

  /** Every page of a search, following the keyset cursor of each last listing. */
  async function searchAll(body: object, headers: Record<string, string> = {}): Promise<Post[]> {
    const all: Post[] = [];
    let cursor: object = {};
    for (let page = 0; page < 100; page++) {
      const res = await search({ ...body, ...cursor }, headers);
      expect(res.statusCode, res.body).toBe(200);
      const data = readJson(res, contract.posts.search).data;
      all.push(...data);
      if (data.length < FEED_PAGE_SIZE) return all;
      const last = data[data.length - 1]!;
      cursor = { older_published_at: last.published_at, olderId: last.id };
    }
    throw new Error('paging did not end');
  }

  beforeAll(async () => {
    const { db } = getDb();
    await importReferenceData(db);
    const brandId = async (name: string) =>
      (
        await db
          .select()
          .from(brands)
          .where(sql`${brands.name} = ${name}`)
      )[0]!.id;
    const modelId = async (brand: number, name: string) =>
      (
        await db
          .select()
          .from(models)
          .where(sql`${models.brandId} = ${brand} and ${models.name} = ${name}`)
      )[0]!.id;
    const cityId = async (name: string) =>
      (
        await db
          .select()
          .from(cities)
          .where(sql`${cities.city} = ${name}`)
      )[0]!.id;
    ref.toyota = await brandId('Toyota');
    ref.bmw = await brandId('BMW');
    ref.vw = await brandId('Volkswagen');
    ref.camry = await modelId(ref.toyota, 'Camry');
    ref.corolla = await modelId(ref.toyota, 'Corolla');
    ref.x5 = await modelId(ref.bmw, 'X5');
    ref.polo = await modelId(ref.vw, 'Polo');
    ref.moscow = await cityId('Москва');
    ref.kazan = await cityId('Казань');
    ref.omsk = await cityId('Омск');

    // A grid of aggregated listings older than a day: every brand/model, city, price and year, some without price or year.
    const cars = [
      { brandId: ref.toyota, modelId: ref.camry, mark: 'Toyota', model: 'Camry' },
      { brandId: ref.toyota, modelId: ref.corolla, mark: 'Toyota', model: 'Corolla' },
      { brandId: ref.bmw, modelId: ref.x5, mark: 'BMW', model: 'X5' },
      { brandId: ref.vw, modelId: ref.polo, mark: 'Volkswagen', model: 'Polo' },
    ];
    const cityIds = [ref.moscow, ref.kazan, ref.omsk];
    let n = 0;
    for (const car of cars) {
      for (const city of cityIds) {
        for (const [price, year] of [
          [500_000, 2010],
          [1_500_000, 2016],
          [3_000_000, 2022],
          [null, null],
        ] as const) {
          n += 1;
          await addPost({
            ...car,
            cityId: city,
            price,
            year,
            title: `${car.mark} ${car.model}${year ? ` ${year}` : ''}`,
            location: 'Город',
            publishedAt: ago(30 + n),
            messageId: 1_000 + n,
            url: `https://t.me/avto_msk/${1_000 + n}`,
          });
        }
      }
    }
    app = await buildTestApp(getDb(), { clock });
    pro = (await signInPro(getDb(), now)).headers;
    basic = (await signIn(getDb())).headers;
  });
  afterAll(async () => {
    await app?.close();
  });

  const criteria = (over: Partial<MatchCriteria>): MatchCriteria => ({ ...EMPTY_FILTER_CRITERIA, ...over });

  /** What core's matchFilter admits among the grid (all of it is visible to everyone). */
  function expected(c: MatchCriteria): number[] {
    return rows
      .filter((p) => (p.messageId ?? 0) > 1_000 && (p.messageId ?? 0) < 2_000)
      .filter((p) =>
        matchFilter(
          {
            brand_id: p.brandId ?? null,
            model_id: p.modelId ?? null,
            city_id: p.cityId ?? null,
            price: p.price ?? null,
            year: p.year ?? null,
          },
          c,
        ),
      )
      .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.id - a.id)
      .map((p) => p.id);
  }

  it('applies each filter alone and combined, exactly as core matchFilter does', async () => {
    const cases: { body: Record<string, unknown>; match: Partial<MatchCriteria> }[] = [
      { body: { brands: [ref.toyota] }, match: { brands: [ref.toyota] } },
      { body: { models: [ref.x5] }, match: { models: [{ id: ref.x5, car_brand_id: ref.bmw }] } },
      // A brand with a selected model narrows to that model; another selected brand keeps every model.
      {
        body: { brands: [ref.toyota, ref.bmw], models: [ref.camry] },
        match: { brands: [ref.toyota, ref.bmw], models: [{ id: ref.camry, car_brand_id: ref.toyota }] },
      },
      { body: { cities: [ref.kazan, ref.omsk] }, match: { cities: [ref.kazan, ref.omsk] } },
      { body: { priceFrom: 1_000_000 }, match: { priceFrom: 1_000_000 } },
      { body: { priceTo: 1_500_000 }, match: { priceTo: 1_500_000 } },
      { body: { yearFrom: 2016 }, match: { yearFrom: 2016 } },
      { body: { yearTo: 2016 }, match: { yearTo: 2016 } },
      {
        body: {
          brands: [ref.toyota],
          models: [ref.corolla],
          cities: [ref.moscow],
          priceFrom: 400_000,
          priceTo: 2_000_000,
          yearFrom: 2009,
          yearTo: 2020,
        },
        match: {
          brands: [ref.toyota],
          models: [{ id: ref.corolla, car_brand_id: ref.toyota }],
          cities: [ref.moscow],
          priceFrom: 400_000,
          priceTo: 2_000_000,
          yearFrom: 2009,
          yearTo: 2020,
        },
      },
    ];
    for (const { body, match } of cases) {
      const want = expected(criteria(match));
      expect(want.length, JSON.stringify(body)).toBeGreaterThan(0);
      const got = (await searchAll(body, pro)).map((p) => p.id);
      expect(got, JSON.stringify(body)).toEqual(want);
      const res = await search(body, pro);
      expect(readJson(res, contract.posts.search).meta.total).toBe(want.length);
    }
  });

  it('answers every field of a listing, with media and the source of an aggregated post', async () => {
    const post = await addPost({
      channel: 'vk',
      vkOwnerId: -123,
      vkPostId: 456,
      url: 'https://vk.com/wall-123_456',
      hash: 'h-vk-1',
      title: 'Lada Vesta 2020',
      mark: 'LADA',
      model: 'Vesta',
      year: 2020,
      price: 1_100_000,
      mileage: 40_000,
      location: 'Самара',
      publishedAt: ago(26),
    });
    await getDb()
      .db.insert(postMedia)
      .values([
        { postId: post.id, kind: 'video', url: '/media/v.mp4', poster: '/media/v.jpg', position: 1 },
        {
          postId: post.id,
          kind: 'photo',
          url: '/media/p.jpg',
          urlSm: '/media/p_sm.jpg',
          title: 'Вид спереди',
          position: 0,
          isMain: true,
        },
      ]);
    const res = await app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(res.statusCode).toBe(200);
    const data = readJson(res, contract.posts.get).data;
    expect(data).toMatchObject({
      id: post.id,
      title: 'Lada Vesta 2020',
      mark: 'LADA',
      model: 'Vesta',
      year: 2020,
      price: 1_100_000,
      currency: 'RUB',
      mileage: 40_000,
      location: 'Самара',
      channel: 'vk',
      vk_owner_id: -123,
      vk_post_id: 456,
      url: 'https://vk.com/wall-123_456',
      hash: 'h-vk-1',
      message_id: null,
      status: 'published',
      isNew: true, // visible to a guest for two hours
      isUpdated: false,
    });
    expect(new Date(data.published_at).getTime()).toBe(ago(26).getTime());
    expect(data.mediaFiles).toEqual([
      { type: 'photo', url: '/media/p.jpg', url_sm: '/media/p_sm.jpg', title: 'Вид спереди' },
      { type: 'video', src: '/media/v.mp4', poster: '/media/v.jpg', title: null },
    ]);
  });

  it('shows aggregated listings to guests and basic users only once they are 24 hours old; PRO at once', async () => {
    const dayOld = await addPost({ title: 'Ровно сутки', publishedAt: ago(24), messageId: 5_001 });
    const almost = await addPost({
      title: 'Почти сутки',
      publishedAt: new Date(ago(24).getTime() + 1_000),
      messageId: 5_002,
    });
    const ownFresh = await addPost({ channel: 'site', title: 'Своё свежее', publishedAt: ago(0.1) });

    for (const headers of [{}, basic]) {
      const ids = readJson(await search({}, headers), contract.posts.search).data.map((p: Post) => p.id);
      expect(ids).toContain(dayOld.id);
      expect(ids).toContain(ownFresh.id);
      expect(ids).not.toContain(almost.id);
      expect((await app.inject({ method: 'GET', url: `/api/posts/${almost.id}`, headers })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/posts/${dayOld.id}`, headers })).statusCode).toBe(200);
    }
    const delayed = await app.inject({ method: 'GET', url: `/api/posts/${almost.id}` });
    expect(readError(delayed).message).toMatch(/PRO/);

    const proIds = readJson(await search({}, pro), contract.posts.search).data.map((p: Post) => p.id);
    expect(proIds).toEqual(expect.arrayContaining([dayOld.id, almost.id, ownFresh.id]));
    expect((await app.inject({ method: 'GET', url: `/api/posts/${almost.id}`, headers: pro })).statusCode).toBe(200);

    // The same rule in meta.all, count-new, favourites and the carousel.
    const guestAll = readJson(await search({}), contract.posts.search).meta.all;
    const proAll = readJson(await search({}, pro), contract.posts.search).meta.all;
    expect(proAll - guestAll).toBe(1);
    const since = ago(25).toISOString();
    expect(
      readJson(
        await app.inject({ method: 'POST', url: '/api/posts/count-new', payload: { latest_published_at: since } }),
        contract.posts.countNew,
      ).count,
    ).toBe(2);
    expect(
      readJson(
        await app.inject({
          method: 'POST',
          url: '/api/posts/count-new',
          payload: { latest_published_at: since },
          headers: pro,
        }),
        contract.posts.countNew,
      ).count,
    ).toBe(3);
    const notes = await app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { ids: [almost.id, dayOld.id] },
      headers: basic,
    });
    expect(readJson(notes, contract.posts.notes).data.map((p: Post) => p.id)).toEqual([dayOld.id]);
    const proNotes = await app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { ids: [almost.id, dayOld.id] },
      headers: pro,
    });
    expect(readJson(proNotes, contract.posts.notes).data.map((p: Post) => p.id)).toEqual([almost.id, dayOld.id]);

    // A second later the listing is a day old for everyone.
    clock.advance(1_000);
    try {
      expect((await app.inject({ method: 'GET', url: `/api/posts/${almost.id}` })).statusCode).toBe(200);
    } finally {
      clock.set(now);
    }
  });

  it('pages by keyset without skipping or repeating listings that share a timestamp', async () => {
    const same = new Date(ago(200).getTime());
    const created: number[] = [];
    for (let i = 0; i < 30; i++)
      created.push((await addPost({ title: `Пачка ${i}`, publishedAt: same, year: 1999, price: 777 })).id);
    // Microsecond timestamps (what defaultNow() writes) must page exactly as well.
    for (let i = 0; i < 30; i++) {
      await addListing(getDb().db, {
        channel: 'avto_msk',
        title: `Микро ${i}`,
        text: '',
        year: 1999,
        price: 777,
        publishedAt: sql`${ago(210).toISOString()}::timestamptz + ${`${(i % 3) * 17} microseconds`}::interval`,
      });
    }
    const all = await searchAll({ yearFrom: 1999, yearTo: 1999, priceFrom: 777, priceTo: 777 }, pro);
    expect(all).toHaveLength(60);
    expect(new Set(all.map((p) => p.id)).size).toBe(60);
    // Newest first, ties by id descending.
    const order = all.map((p) => [new Date(p.published_at).getTime(), p.published_at, p.id] as const);
    for (let i = 1; i < order.length; i++) {
      const [prevMs, prevTs, prevId] = order[i - 1]!;
      const [ms, timestamp, id] = order[i]!;
      expect(prevMs > ms || (prevMs === ms && (prevTs > timestamp || (prevTs === timestamp && prevId > id)))).toBe(
        true,
      );
    }
    expect(all.slice(0, 30).map((p) => p.id)).toEqual([...created].reverse());
  });

  it('answers only what is newer than the newest listing the client holds, filling a long gap page by page', async () => {
    const base = ago(300);
    const made: number[] = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        (
          await addPost({
            title: `Новое ${i}`,
            year: 1985,
            publishedAt: new Date(base.getTime() + Math.floor(i / 2) * 1_000),
          })
        ).id,
      );
    }
    const filter = { yearFrom: 1985, yearTo: 1985 };
    const oldest = (await searchAll(filter, pro)).at(-1)!;
    expect(oldest.id).toBe(made[0]);
    const seen: number[] = [];
    let newest = oldest;
    for (let round = 0; round < 5; round++) {
      const res = await search({ ...filter, latest_published_at: newest.published_at, newestId: newest.id }, pro);
      const data = readJson(res, contract.posts.search).data;
      if (data.length === 0) break;
      seen.push(...data.map((p) => p.id));
      newest = data[0]!;
    }
    expect(seen.sort((a, b) => a - b)).toEqual(made.slice(1));
    const count = await app.inject({
      method: 'POST',
      url: '/api/posts/count-new',
      payload: { ...filter, latest_published_at: oldest.published_at },
      headers: pro,
    });
    // The newer ones except the listing sharing the oldest one's second.
    expect(count.json()).toEqual({ count: 28 });
  });

  it('finds Russian word forms and misspelled brand and model names', async () => {
    const text = await addPost({
      title: 'Nissan Note 2012',
      text: '<p>Надёжная машина, не бита, не крашена.</p>',
      publishedAt: ago(40),
    });
    const toyota = await addPost({
      title: 'Toyota Corolla 2015',
      brandId: ref.toyota,
      modelId: ref.corolla,
      text: '<p>Один хозяин.</p>',
      publishedAt: ago(41),
    });
    const vw = await addPost({
      title: 'Volkswagen Polo 2019',
      brandId: ref.vw,
      modelId: ref.polo,
      text: '',
      publishedAt: ago(42),
    });
    const ids = async (q: string) => (await searchAll({ search: q }, pro)).map((p) => p.id);

    expect(await ids('машины')).toContain(text.id);
    expect(await ids('машину')).toContain(text.id);
    expect(await ids('тоета')).toContain(toyota.id); // a spelling the reference data knows
    expect(await ids('тойотта')).toContain(toyota.id); // a misspelling it does not: trigram similarity
    expect(await ids('тойотта королла')).toContain(toyota.id);
    expect(await ids('тойотта королла')).not.toContain(vw.id);
    expect(await ids('фольксвагин поло')).toContain(vw.id);
    expect(await ids('Машины Тоета')).toEqual([]);
    expect(await ids('ъъъъъ')).toEqual([]);
    // Stop words and punctuation alone filter nothing away.
    expect(readJson(await search({ search: ' и , ' }, pro), contract.posts.search).meta.total).toBe(
      readJson(await search({}, pro), contract.posts.search).meta.total,
    );
  });

  it('counts new listings for the same filter', async () => {
    const latest = ago(3).toISOString();
    const countForGuest = async () =>
      readJson(
        await app.inject({ method: 'POST', url: '/api/posts/count-new', payload: { latest_published_at: latest } }),
        contract.posts.countNew,
      ).count;
    const guestBefore = await countForGuest();
    const before = readJson(
      await app.inject({
        method: 'POST',
        url: '/api/posts/count-new',
        payload: { latest_published_at: latest, brands: [ref.bmw] },
        headers: pro,
      }),
      contract.posts.countNew,
    ).count;
    await addPost({ brandId: ref.bmw, modelId: ref.x5, title: 'BMW X5', publishedAt: ago(1) });
    await addPost({ brandId: ref.vw, modelId: ref.polo, title: 'VW Polo', publishedAt: ago(1) });
    const after = await app.inject({
      method: 'POST',
      url: '/api/posts/count-new',
      payload: { latest_published_at: latest, brands: [ref.bmw] },
      headers: pro,
    });
    expect(after.statusCode).toBe(200);
    expect(readJson(after, contract.posts.countNew).count).toBe(before + 1);
    // A guest sees neither yet: both are aggregated and an hour old.
    expect(await countForGuest()).toBe(guestBefore);
    const missing = await app.inject({ method: 'POST', url: '/api/posts/count-new', payload: {} });
    expect(missing.statusCode).toBe(422);
  });

  it('answers meta.total for the filter and meta.all for everything visible', async () => {
    const all = readJson(await search({}, pro), contract.posts.search).meta;
    expect(all.total).toBe(all.all);
    const toyota = readJson(await search({ brands: [ref.toyota] }, pro), contract.posts.search).meta;
    expect(toyota.all).toBe(all.all);
    expect(toyota.total).toBe(rows.filter((r) => r.brandId === ref.toyota && r.status !== 'unpublished').length);
  });

  it('answers 404 for unknown, unpublished and malformed ids', async () => {
    const hidden = await addPost({ title: 'Снято', status: 'unpublished' });
    for (const id of [hidden.id, 987_654_321, '99999999999999999999', 'abc', 0]) {
      const res = await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: pro });
      expect(res.statusCode, String(id)).toBe(404);
      expect(readError(res).message).toMatch(/[а-я]/);
    }
    expect((await searchAll({}, pro)).map((p) => p.id)).not.toContain(hidden.id);
  });

  it('rejects bad bodies with 422 and never fails on odd text', async () => {
    const bad: object[] = [
      { priceFrom: '100' },
      { yearFrom: 'двадцать' },
      { brands: ['1'] },
      { priceFrom: -1 },
      { priceTo: 200_000_000 },
      { priceFrom: 2_000_000, priceTo: 1_000_000 },
      { yearFrom: 2020, yearTo: 2010 },
      { yearFrom: 1800 },
      { brands: Array.from({ length: 10_000 }, (_, i) => i + 1) },
      { cities: Array.from({ length: 10_000 }, (_, i) => i + 1) },
      { search: 'а'.repeat(5_000) },
      { older_published_at: 'вчера' },
      { newestId: -5 },
      { brands: [1.5] },
      // Ids past their int4 column and control characters in text are refused by the contract (issue 19).
      { brands: [2_147_483_648] },
      { models: [9_007_199_254_740_991] },
      { cities: [4_000_000_000] },
      { olderId: 9_007_199_254_740_992 },
      { search: '\u0000машина' },
    ];
    for (const body of bad) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(readError(res).message).toBe('Проверьте правильность заполнения полей');
    }
    const notes = await app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { ids: Array.from({ length: 10_000 }, (_, i) => i + 1) },
      headers: basic,
    });
    expect(notes.statusCode).toBe(422);
    expect(readError(notes).errors?.ids).toEqual(['Не более 500 значений']);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/posts/search',
          payload: '[1,2]',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(422);

    const odd = [
      "'; drop table posts; --",
      '" OR 1=1 --',
      'a & b | !c <-> (d)',
      '%_\\',
      'тойота:* & !',
      '"незакрытая кавычка',
    ];
    for (const text of odd) {
      const res = await search({ search: text });
      expect(res.statusCode, text).toBe(200);
    }
    const extremes = [
      { older_published_at: '0001-01-01T00:00:00Z', olderId: 9_007_199_254_740_991 },
      { latest_published_at: '9999-12-31T23:59:59.999999Z' },
      { brands: [2_147_483_647], models: [2_147_483_647], cities: [2_147_483_647] },
      { older_published_at: '2026-11-20T15:00:00.123456789+03:00' },
    ];
    for (const body of extremes) expect((await search(body)).statusCode, JSON.stringify(body)).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/posts' })).statusCode).toBe(404);
    expect(
      ((await getDb().db.execute(sql`select count(*)::int as n from posts`)).rows[0] as { n: number }).n,
    ).toBeGreaterThan(0);
  });

  it('with «Только хорошая цена» finds only listings whose estimate says good, as core matchFilter does', async () => {
    const grid = rows.filter((p) => (p.messageId ?? 0) > 1_000 && (p.messageId ?? 0) < 2_000);
    const verdicts = new Map<number, 'good' | 'fair' | 'high'>();
    grid.forEach((p, i) => {
      if (i % 3 !== 2) verdicts.set(p.id, i % 3 === 0 ? 'good' : 'fair');
    });
    await getDb()
      .db.insert(marketEstimates)
      .values(
        [...verdicts].map(([postId, verdict]) => ({ postId, low: 1, median: 2, high: 3, comparables: 8, verdict })),
      );
    for (const body of [{ goodPriceOnly: true }, { goodPriceOnly: true, brands: [ref.toyota], priceTo: 2_000_000 }]) {
      const match = criteria({ ...body, brands: body.brands ?? [] });
      const want = grid
        .filter((p) =>
          matchFilter(
            {
              brand_id: p.brandId ?? null,
              model_id: p.modelId ?? null,
              city_id: p.cityId ?? null,
              price: p.price ?? null,
              year: p.year ?? null,
              market_verdict: verdicts.get(p.id) ?? null,
            },
            match,
          ),
        )
        .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.id - a.id)
        .map((p) => p.id);
      expect(want.length).toBeGreaterThan(0);
      expect((await searchAll(body, pro)).map((p) => p.id)).toEqual(want);
      expect(readJson(await search(body, pro), contract.posts.search).meta.total).toBe(want.length);
    }
    // Off, the switch narrows nothing.
    expect((await searchAll({ goodPriceOnly: false, brands: [ref.toyota] }, pro)).length).toBe(
      (await searchAll({ brands: [ref.toyota] }, pro)).length,
    );
  });

  it("shows a completed VIN report's facts on the listing, never its personal data", async () => {
    const vin = 'XTA210990Y2765437';
    const post = await addPost({ title: 'LADA 2109 2000', vin, publishedAt: ago(30) });
    const bare = await addPost({ title: 'LADA 2109 2001', vin: 'XTA210990Y2765438', publishedAt: ago(30) });
    const db = getDb().db;
    const [partner] = await db
      .insert(partners)
      .values({ title: 'Автоистория', url: 'https://reports.example.ru' })
      .returning({ id: partners.id });
    const [order] = await db
      .insert(orders)
      .values({ partnerId: partner!.id, string: vin, status: 'completed' })
      .returning({ id: orders.id, createdAt: orders.createdAt });
    // A report still being made for the other VIN shows nothing.
    await db.insert(orders).values({ partnerId: partner!.id, string: 'XTA210990Y2765438', status: 'processing' });
    await db.insert(orderParts).values([
      {
        orderId: order!.id,
        key: 'ownershipPeriods',
        title: 'Владельцы',
        status: 'completed',
        value: [
          { owner: 'natural', startDate: '2015-03-01', endDate: '2018-07-10', operation: '01' },
          { owner: 'legal', startDate: '2018-07-10', endDate: null, operation: '62' },
        ],
      },
      {
        orderId: order!.id,
        key: 'osago',
        title: 'ОСАГО',
        status: 'completed',
        value: [{ insuranceNumber: 'ХХХ 0123456789', isActive: true, licensePlate: 'А123ВС77', owner: 'Иванов И. И.' }],
      },
      {
        orderId: order!.id,
        key: 'restrictions',
        title: 'Ограничения',
        status: 'completed',
        value: [{ restrictionType: 'Запрет', whoImposed: 'Пристав Петров', region: 'г. Москва' }],
      },
    ]);
    const res = await app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(readJson(res, contract.posts.get).vin_facts).toEqual({
      owners: 2,
      registration_years: [
        { from: 2015, to: 2018 },
        { from: 2018, to: null },
      ],
      restrictions_found: true,
      osago_active: true,
      checked_at: order!.createdAt.toISOString(),
    });
    for (const secret of ['0123456789', 'А123ВС77', 'Иванов', 'Петров', 'natural', 'legal', 'Москва'])
      expect(res.body).not.toContain(secret);
    const none = await app.inject({ method: 'GET', url: `/api/posts/${bare.id}` });
    expect(readJson(none, contract.posts.get).vin_facts).toBeNull();
  });
});
