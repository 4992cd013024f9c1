import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  allEndpoints,
  buildPath,
  contract,
  HtmlPageSchema,
  IdParamSchema,
  SerialIdParamSchema,
} from '@autoradar/contract';
import { EMPTY_FILTER_CRITERIA, LISTING_PRICE_MAX, MESSAGES, POSITION_MAX } from '@autoradar/core';
import { brands, models, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { multipart } from '../testing/multipart';
import { buildTestApp, signInAdmin, signInPro, testClock } from '../testing/test-app';
import { readError, readJson } from '../testing/read-json';

// Issue 19's causes in the contract and the HTTP layer, as regression tests: numbers past their columns, path ids
// out of range, control characters and huge strings. Each refusal is a 4xx in the Russian envelope and changes
// nothing in the database.

const VALIDATION = 'Проверьте правильность заполнения полей';
const FORBIDDEN = 'Текст содержит недопустимые символы';
const NUL = 'a\u0000b';

/** The tables a refused write could touch, dumped so "changes nothing" compares whole rows. */
const WATCHED = [
  'drafts',
  'draft_contacts',
  'draft_media',
  'posts',
  'filters',
  'tickets',
  'brands',
  'models',
  'cities',
  'partners',
  'prompts',
  'orders',
  'payments',
];

async function snapshot(db: DbHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of WATCHED) {
    out[table] = (await db.db.execute(sql.raw(`select * from ${table} order by 1`))).rows;
  }
  return out;
}

/** Sets `value` at a dotted path ('contacts.0.value') of a copy of `body`. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

describeEachDb('issue 19: bad input is refused before it reaches the database', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));
  let admin: { id: number; headers: Record<string, string> };
  let user: { id: number; headers: Record<string, string> };
  let draftId: number;
  let filterId: number;
  let brandId: number;
  let modelId: number;
  let partnerId: number;

  const validListing = () => ({
    year: 2018,
    mileage: 85_000,
    price: 1_250_000,
    city: 'Казань',
    description: 'Один владелец',
    contacts: [{ type: 'phone', value: '+7 900 123-45-67' }],
    media: [],
    brand_id: brandId,
    model_id: modelId,
  });
  const validFilter = () => ({
    name: 'Мой фильтр',
    ...EMPTY_FILTER_CRITERIA,
    active: false,
    send_mode: 'immediately',
    worktime_settings: null,
    via: ['telegram'],
  });

  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
    admin = await signInAdmin(getDb(), { isPro: true, proExpired: new Date('2027-01-01T00:00:00Z') });
    user = await signInPro(getDb(), clock());
    const [brand] = await getDb().db.insert(brands).values({ name: 'Лада' }).returning({ id: brands.id });
    brandId = brand!.id;
    const [model] = await getDb().db.insert(models).values({ brandId, name: 'Веста' }).returning({ id: models.id });
    modelId = model!.id;
    draftId = readJson(
      await app.inject({ method: 'GET', url: '/api/drafts/create', headers: user.headers }),
      contract.drafts.create,
    ).data.id;
    filterId = readJson(
      await app.inject({ method: 'POST', url: '/api/user/filters', headers: user.headers, payload: validFilter() }),
      contract.filters.create,
    ).data.id;
    const partner = await multipart({ title: 'Автоистория', url: 'https://avtoistoriya.ru' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/partners',
      headers: { ...admin.headers, 'content-type': partner.contentType },
      payload: partner.payload,
    });
    expect(created.statusCode).toBe(201);
    partnerId = readJson(created, contract.partners.create).data.id;
  });
  afterAll(() => app.close());

  describe('the outage: a price past 2^53 published, then the public feed', () => {
    it('refuses the price at the save and at the publish, changes nothing, and the feed stays 200', async () => {
      const before = await snapshot(getDb());
      // Sent as the raw JSON an attacker writes; JSON.parse reads it as 2^53, still far past the bound.
      const raw = (body: object) => JSON.stringify(body).replace('"PRICE"', '9007199254740993');
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/drafts/${draftId}`,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: raw({ ...validListing(), price: 'PRICE' }),
      });
      expect(saved.statusCode).toBe(422);
      expect(saved.json()).toEqual({ message: VALIDATION, errors: { price: [MESSAGES.maxValue(LISTING_PRICE_MAX)] } });
      const published = await app.inject({
        method: 'POST',
        url: `/api/drafts/${draftId}/publish`,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: raw({ ...validListing(), price: 'PRICE' }),
      });
      expect(published.statusCode).toBe(422);
      expect(await snapshot(getDb())).toEqual(before);

      for (const price of [1e21, 1e308, 2_147_483_648 * 100]) {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/drafts/${draftId}`,
          headers: user.headers,
          payload: { price },
        });
        expect(res.statusCode, String(price)).toBe(422);
      }
      for (const field of ['mileage', 'brand_id', 'model_id', 'generation_id', 'configuration_id']) {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/drafts/${draftId}`,
          headers: user.headers,
          payload: { [field]: 2_147_483_648 },
        });
        expect(res.statusCode, field).toBe(422);
        expect(Object.keys(readError(res).errors ?? {}), field).toEqual([field]);
      }
      expect(await snapshot(getDb())).toEqual(before);

      const feed = await app.inject({ method: 'POST', url: '/api/posts/search', payload: {} });
      expect(feed.statusCode).toBe(200);
    });

    it('accepts the dearest price the contract allows and serves it back everywhere', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/drafts/${draftId}/publish`,
        headers: user.headers,
        payload: { ...validListing(), price: LISTING_PRICE_MAX },
      });
      expect(res.statusCode).toBe(200);
      const postId = readJson(res, contract.drafts.publish).post_id;
      const own = await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: user.headers });
      expect(own.statusCode).toBe(200);
      expect(readJson(own, contract.posts.get).data.price).toBe(LISTING_PRICE_MAX);
      expect((await app.inject({ method: 'GET', url: '/api/posts/my', headers: user.headers })).statusCode).toBe(200);
      for (const headers of [{}, user.headers]) {
        expect((await app.inject({ method: 'POST', url: '/api/posts/search', headers, payload: {} })).statusCode).toBe(
          200,
        );
      }
    });

    it('bounds filter ids and prompt positions to their int4 columns', async () => {
      const before = await snapshot(getDb());
      for (const field of ['brands', 'models', 'cities']) {
        for (const method of ['POST', 'PUT'] as const) {
          const res = await app.inject({
            method,
            url: method === 'POST' ? '/api/user/filters' : `/api/user/filters/${filterId}`,
            headers: user.headers,
            payload: { ...validFilter(), [field]: [2_147_483_648] },
          });
          expect(res.statusCode, `${method} ${field}`).toBe(422);
          expect(readError(res).errors, field).toEqual({ [`${field}.0`]: ['Некорректный идентификатор'] });
        }
      }
      const prompt = await app.inject({
        method: 'POST',
        url: `/api/partners/${partnerId}/prompts`,
        headers: admin.headers,
        payload: { key: 'k', title: 't', text: 'x', position: 2_147_483_648 },
      });
      expect(prompt.statusCode).toBe(422);
      expect(readError(prompt).errors).toEqual({ position: [MESSAGES.maxValue(POSITION_MAX)] });
      expect(await snapshot(getDb())).toEqual(before);
    });
  });

  describe('path ids out of range name nothing: 404 on every route with a path id', () => {
    const routes = allEndpoints().filter((e) => e.server === 'http' && e.endpoint.params);
    it('covers the id routes of the contract', () => {
      expect(routes.length).toBeGreaterThan(25);
    });

    it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, entry) => {
      const shape = entry.endpoint.params!.shape as Record<string, unknown>;
      const before = await snapshot(getDb());
      for (const param of Object.keys(shape)) {
        const isId = shape[param] === IdParamSchema || shape[param] === SerialIdParamSchema;
        // Ids past int8, past int4 and a NUL byte; a non-id text parameter (a payment id) gets the NUL byte.
        for (const bad of isId ? ['9999999999999999999', '2147483648', '%00', '99999999999999999999999999'] : ['%00']) {
          // 2147483648 is a fine bigserial id that names nothing: 404, unless the empty body is refused first.
          const inRange = shape[param] === IdParamSchema && bad === '2147483648';
          const expected = inRange && entry.endpoint.body ? [404, 422] : [404];
          const values = Object.fromEntries(Object.keys(shape).map((p) => [p, p === param ? '__BAD__' : '1']));
          const url = buildPath(entry.path, values).replace('__BAD__', bad);
          const res = await app.inject({
            method: entry.method,
            url,
            headers: admin.headers,
            ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }),
          });
          expect(expected, `${entry.method} ${url}`).toContain(res.statusCode);
          // Pages (and the sandbox page's form) answer a browser with an HTML page; the API with its envelope.
          const page = entry.endpoint.responses[res.statusCode] === HtmlPageSchema;
          expect(page ? res.body : readError(res).message, url).toMatch(/[А-Яа-я]/);
        }
      }
      expect(await snapshot(getDb())).toEqual(before);
    });
  });

  describe('control characters and huge text in every kind of string field: 422, nothing changed', () => {
    type Case = {
      name: string;
      method: 'POST' | 'PUT';
      url: () => string;
      headers?: () => Record<string, string>;
      body: () => Record<string, unknown>;
      fields: string[];
      multipart?: boolean;
    };
    const cases: Case[] = [
      {
        name: 'draft',
        method: 'PUT',
        url: () => `/api/drafts/${draftId}`,
        headers: () => user.headers,
        body: () => validListing(),
        fields: ['city', 'description', 'contacts.0.value'],
      },
      {
        name: 'publish',
        method: 'POST',
        url: () => `/api/drafts/${draftId}/publish`,
        headers: () => user.headers,
        body: () => validListing(),
        fields: ['city', 'description', 'contacts.0.value'],
      },
      {
        name: 'new filter',
        method: 'POST',
        url: () => '/api/user/filters',
        headers: () => user.headers,
        body: () => validFilter(),
        fields: ['name'],
      },
      {
        name: 'saved filter',
        method: 'PUT',
        url: () => `/api/user/filters/${filterId}`,
        headers: () => user.headers,
        body: () => validFilter(),
        fields: ['name'],
      },
      {
        name: 'feed search',
        method: 'POST',
        url: () => '/api/posts/search',
        headers: () => ({}),
        body: () => ({ search: 'веста' }),
        fields: ['search'],
      },
      {
        name: 'support as a guest',
        method: 'POST',
        url: () => '/api/support',
        headers: () => ({}),
        body: () => ({ message: 'Помогите', contacts: '@me', ticket: '150626-437', url: 'https://autoradar.ru/' }),
        fields: ['message', 'contacts', 'url'],
      },
      {
        name: 'inspection as a guest',
        method: 'POST',
        url: () => '/api/tickets',
        headers: () => ({}),
        body: () => ({
          message: 'Осмотр',
          contacts: '+79001234567',
          ticket: '150626-438',
          url: 'https://autoradar.ru/',
        }),
        fields: ['message', 'contacts', 'url'],
      },
      {
        name: 'brand',
        method: 'POST',
        url: () => '/api/brands',
        body: () => ({ name: 'Москвич', icon: 'https://autoradar.ru/m.svg', popular: false, synonyms: ['Moskvich'] }),
        fields: ['name', 'icon', 'synonyms.0'],
      },
      {
        name: 'model',
        method: 'POST',
        url: () => '/api/models',
        body: () => ({ name: 'Гранта', synonyms: ['Granta'], car_brand_id: brandId }),
        fields: ['name', 'synonyms.0'],
      },
      {
        name: 'city',
        method: 'POST',
        url: () => '/api/addresses',
        body: () => ({ city: 'Тверь', region: 'Тверская', region_type: 'обл', synonyms: [] }),
        fields: ['city', 'region', 'region_type'],
      },
      {
        name: 'prompt',
        method: 'POST',
        url: () => `/api/partners/${partnerId}/prompts`,
        body: () => ({ key: 'summary', title: 'Итог', text: 'Опиши', position: 1 }),
        fields: ['key', 'title', 'text'],
      },
      {
        name: 'order',
        method: 'POST',
        url: () => `/api/partners/${partnerId}/orders`,
        body: () => ({ string: 'XTA210990Y2765499', partner_id: partnerId }),
        fields: ['string'],
      },
      {
        name: 'partner',
        method: 'POST',
        url: () => '/api/partners',
        body: () => ({ title: 'Партнёр', url: 'https://example.ru', description: 'Отчёты' }),
        fields: ['title', 'url', 'description'],
        multipart: true,
      },
      {
        name: 'YooKassa webhook',
        method: 'POST',
        url: () => '/api/payment/yookassa/webhook',
        headers: () => ({}),
        body: () => ({
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: '2f1d0c9e-000f-5000-8000-1b2c3d4e5f60', status: 'succeeded' },
        }),
        fields: ['object.id', 'event', 'object.status'],
      },
    ];

    async function send(c: Case, body: Record<string, unknown>) {
      const headers = c.headers ? c.headers() : admin.headers;
      if (!c.multipart) return app.inject({ method: c.method, url: c.url(), headers, payload: body });
      const form = await multipart(body as Record<string, string>);
      return app.inject({
        method: c.method,
        url: c.url(),
        headers: { ...headers, 'content-type': form.contentType },
        payload: form.payload,
      });
    }

    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const before = await snapshot(getDb());
      for (const field of c.fields) {
        // A lone surrogate survives JSON but not FormData (which replaces it), so multipart gets the other two.
        for (const bad of c.multipart ? [NUL, 'конец\u0007'] : [NUL, 'конец\u0007', 'a\ud800b']) {
          const res = await send(c, withValue(c.body(), field, bad));
          expect(res.statusCode, `${field} = ${JSON.stringify(bad)}`).toBe(422);
          expect(readError(res).message).toBe(VALIDATION);
          expect(readError(res).errors?.[field], field).toContain(FORBIDDEN);
        }
        // ASCII, so the body stays under the 1 MB body limit and reaches validation.
        const huge = await send(c, withValue(c.body(), field, 'x'.repeat(900_000)));
        expect(huge.statusCode, `${field}: 900 000 characters`).toBe(422);
        expect(readError(huge).errors?.[field]?.[0], field).toMatch(/^Не более \d/);
      }
      expect(await snapshot(getDb())).toEqual(before);
    });

    it('refuses a NUL in the draft of a photo upload', async () => {
      const before = await snapshot(getDb());
      const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const file = { name: 'a.png', type: 'image/png', data: png };
      const form = await multipart({ draft_id: `${draftId}\u0000` }, file);
      const res = await app.inject({
        method: 'POST',
        url: '/api/drafts/media',
        headers: { ...user.headers, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(422);
      expect(readError(res).errors).toEqual({ draft_id: ['Некорректный идентификатор'] });
      // Past int8 the contract refuses it; within range it is someone else's or no draft at all.
      for (const [draft, status] of [
        ['9999999999999999999', 422],
        ['2147483648', 404],
      ] as const) {
        const other = await multipart({ draft_id: draft }, file);
        const answer = await app.inject({
          method: 'POST',
          url: '/api/drafts/media',
          headers: { ...user.headers, 'content-type': other.contentType },
          payload: other.payload,
        });
        expect(answer.statusCode, draft).toBe(status);
      }
      expect(await snapshot(getDb())).toEqual(before);
    });

    it('trims what it accepts', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: admin.headers,
        payload: { name: '  Волга\t', popular: false, synonyms: [' Volga '] },
      });
      expect(res.statusCode).toBe(201);
      expect(readJson(res, contract.reference.createBrand).data).toMatchObject({ name: 'Волга', synonyms: ['Volga'] });
    });
  });
});
