import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { contract } from '@autoradar/contract';
import { brands, draftMedia, importReferenceData, models, postMedia, posts } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { multipart } from '../../testing/multipart';
import { buildTestApp, signIn, signInPro, testClock, testConfig } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import type { Config } from '@autoradar/server/config/config';

// The listing journey of issue 6 through the HTTP API, on both databases: the draft, its photos, publishing.

const photo = (color: string, format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 640) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describeEachDb('drafts', (getDb) => {
  let app: FastifyInstance;
  let config: Config;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));
  let toyota: { brandId: number; camry: number; corolla: number };
  let bmwX5: { brandId: number; modelId: number };

  beforeAll(async () => {
    await importReferenceData(getDb().db);
    config = testConfig({ UPLOAD_MAX_BYTES: String(400 * 1024) });
    app = await buildTestApp(getDb(), { clock, config });
    const find = async (brand: string, model: string) => {
      const [row] = await getDb()
        .db.select({ brandId: brands.id, modelId: models.id })
        .from(models)
        .innerJoin(brands, eq(models.brandId, brands.id))
        .where(and(eq(brands.name, brand), eq(models.name, model), eq(brands.kind, 'car')));
      return row!;
    };
    const camry = await find('Toyota', 'Camry');
    toyota = { brandId: camry.brandId, camry: camry.modelId, corolla: (await find('Toyota', 'Corolla')).modelId };
    bmwX5 = await find('BMW', 'X5');
  });
  afterAll(() => app.close());

  const api = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const upload = async (
    headers: Record<string, string>,
    draftId: number | string,
    file?: { name: string; type: string; data: Buffer },
  ) => {
    const body = await multipart({ draft_id: String(draftId) }, file);
    return app.inject({
      method: 'POST',
      url: '/api/drafts/media',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  const mediaRows = async (draftId: number) =>
    (
      await getDb()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(draftMedia)
        .where(eq(draftMedia.draftId, draftId))
    )[0]!.n;

  const fullForm = () => ({
    year: 2018,
    mileage: 87_000,
    price: 2_350_000,
    city: 'Казань',
    description: 'Один владелец.\n\nОбслуживание у дилера <b>по регламенту</b>.',
    contacts: [
      { type: 'phone' as const, value: '+7 999 123-45-67' },
      { type: 'telegram' as const, value: '@camry_seller' },
    ],
    brand_id: toyota.brandId,
    model_id: toyota.camry,
    generation_id: null,
    configuration_id: null,
  });

  it('walks the listing journey: create, save, three photos, delete the main one, publish as PRO', async () => {
    const seller = await signInPro(getDb(), clock());

    const created = await api('GET', '/api/drafts/create', seller.headers);
    expect(created.statusCode).toBe(200);
    const draft = readJson(created, contract.drafts.create).data;
    expect(draft).toMatchObject({ year: null, media: [], contacts: [], brand_id: null });
    // Opening the form again finds the same draft.
    expect(readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data.id).toBe(
      draft.id,
    );

    const saved = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
      year: 2018,
      city: 'Казань',
      brand_id: toyota.brandId,
      contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(readJson(saved, contract.drafts.update).message).toBe('Черновик сохранён');
    expect(readJson(saved, contract.drafts.update).data).toMatchObject({
      year: 2018,
      city: 'Казань',
      brand_id: toyota.brandId,
      model_id: null,
      mileage: null,
    });
    expect(readJson(saved, contract.drafts.update).data.contacts).toEqual([
      { id: expect.any(Number) as number, type: 'phone', value: '+7 999 123-45-67' },
    ]);

    const uploads = [];
    for (const [color, format] of [
      ['#c00', 'jpeg'],
      ['#0c0', 'png'],
      ['#00c', 'webp'],
    ] as const) {
      const res = await upload(seller.headers, draft.id, {
        name: `car.${format}`,
        type: `image/${format}`,
        data: await photo(color, format),
      });
      expect(res.statusCode).toBe(201);
      uploads.push(readJson(res, contract.drafts.uploadMedia).data);
    }
    expect(uploads.map((m) => m.main)).toEqual([true, false, false]);
    expect(uploads[1]!.src).toMatch(new RegExp(`^/media/drafts/${draft.id}/[0-9a-f]{24}\\.png$`));
    // Each photo is served, re-encoded, with its small variant beside it.
    const served = await app.inject({ method: 'GET', url: uploads[0]!.src });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    expect(filesUnder(config.mediaDir)).toHaveLength(6);

    // Deleting the main photo: the first remaining becomes main, its files go.
    const afterDelete = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
      media: [
        { id: uploads[1]!.id, main: false },
        { id: uploads[2]!.id, main: false },
      ],
    });
    expect(afterDelete.statusCode).toBe(200);
    expect(readJson(afterDelete, contract.drafts.update).data.media).toEqual([
      { id: uploads[1]!.id, src: uploads[1]!.src, main: true },
      { id: uploads[2]!.id, src: uploads[2]!.src, main: false },
    ]);
    expect(filesUnder(config.mediaDir)).toHaveLength(4);
    expect((await app.inject({ method: 'GET', url: uploads[0]!.src })).statusCode).toBe(404);

    // Choosing another main photo.
    const chosen = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
      media: [
        { id: uploads[1]!.id, main: false },
        { id: uploads[2]!.id, main: true },
      ],
    });
    expect(readJson(chosen, contract.drafts.update).data.media.map((m: { main: boolean }) => m.main)).toEqual([
      false,
      true,
    ]);

    const published = await api('POST', `/api/drafts/${draft.id}/publish`, seller.headers, {
      ...fullForm(),
      media: [
        { id: uploads[1]!.id, main: false },
        { id: uploads[2]!.id, main: true },
      ],
    });
    expect(published.statusCode).toBe(200);
    const { post_id: postId, message } = readJson(published, contract.drafts.publish);
    expect(message).toBe('Объявление успешно опубликовано');

    const [post] = await getDb().db.select().from(posts).where(eq(posts.id, postId));
    expect(post).toMatchObject({
      channel: 'site',
      userId: seller.id,
      title: 'Toyota Camry 2018',
      mark: 'Toyota',
      model: 'Camry',
      year: 2018,
      price: 2_350_000,
      mileage: 87_000,
      currency: 'RUB',
      location: 'Казань',
      status: 'published',
      publishedAt: clock(),
    });
    expect(post!.cityId).not.toBeNull();
    // The seller's text is escaped; contacts are part of the listing.
    expect(post!.text).toBe(
      '<p>Один владелец.</p><p>Обслуживание у дилера &lt;b&gt;по регламенту&lt;/b&gt;.</p><p>Контакты:<br>Телефон: +7 999 123-45-67<br>Telegram: @camry_seller</p>',
    );
    const photos = await getDb()
      .db.select()
      .from(postMedia)
      .where(eq(postMedia.postId, postId))
      .orderBy(postMedia.position);
    expect(photos.map((p) => [p.url, p.isMain])).toEqual([
      [uploads[2]!.src, true],
      [uploads[1]!.src, false],
    ]);
    expect(photos[0]!.urlSm).toMatch(/_sm\.webp$/);

    // The post is in the seller's listings and in the feed.
    const mine = await api('GET', '/api/posts/my', seller.headers);
    expect(mine.statusCode).toBe(200);
    expect(readJson(mine, contract.posts.my).data.map((p: { id: number }) => p.id)).toContain(postId);
    const search = await api('POST', '/api/posts/search', seller.headers, { brands: [toyota.brandId] });
    expect(search.statusCode).toBe(200);
    const found = readJson(search, contract.posts.search).data.find((p: { id: number }) => p.id === postId);
    expect(found).toMatchObject({ channel: 'site', title: 'Toyota Camry 2018', status: 'published' });
    expect(found?.mediaFiles[0]).toMatchObject({ type: 'photo', url: uploads[2]!.src });

    // The draft is closed: the form starts a new one, the old id takes no more changes.
    const next = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    expect(next.id).not.toBe(draft.id);
    const late = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { year: 2019 });
    expect(late.statusCode).toBe(404);
    expect(readError(late).message).toMatch(/уже опубликован/);
  });

  it('refuses to publish for a user without PRO, with the documented answer, and keeps the draft', async () => {
    const basic = await signIn(getDb());
    const draft = readJson(await api('GET', '/api/drafts/create', basic.headers), contract.drafts.create).data;
    const res = await api('POST', `/api/drafts/${draft.id}/publish`, basic.headers, fullForm());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Доступно только с тарифом PRO' });
    expect(readJson(await api('GET', '/api/drafts/create', basic.headers), contract.drafts.create).data.id).toBe(
      draft.id,
    );

    const expired = await signIn(getDb(), { isPro: true, proExpired: new Date(clock().getTime() - 1) });
    const draft2 = readJson(await api('GET', '/api/drafts/create', expired.headers), contract.drafts.create).data;
    expect((await api('POST', `/api/drafts/${draft2.id}/publish`, expired.headers, fullForm())).statusCode).toBe(403);
    expect(await getDb().db.select().from(posts).where(eq(posts.userId, expired.id))).toEqual([]);
  });

  it('answers an incomplete form with every Russian message and publishes nothing', async () => {
    const seller = await signInPro(getDb(), clock());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const res = await api('POST', `/api/drafts/${draft.id}/publish`, seller.headers, {
      year: 1899,
      mileage: 0,
      price: null,
      city: 'а'.repeat(51),
      description: 'x'.repeat(501),
      contacts: [{ type: 'email', value: 'ivan@' }],
      brand_id: null,
      model_id: null,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: {
        year: ['Некорректный год'],
        mileage: ['Значение должно быть больше 0'],
        price: ['Обязательное поле'],
        city: ['Не более 50 символов'],
        description: ['Не более 500 символов'],
        'contacts.0.value': ['Некорректный e-mail'],
        brand_id: ['Обязательное поле'],
        model_id: ['Обязательное поле'],
      },
    });
    const noContact = await api('POST', `/api/drafts/${draft.id}/publish`, seller.headers, {
      ...fullForm(),
      contacts: [{ type: 'phone', value: ' ' }],
    });
    expect(readError(noContact).errors).toEqual({ contacts: ['Укажите хотя бы один контакт'] });
    expect(await getDb().db.select().from(posts).where(eq(posts.userId, seller.id))).toEqual([]);
    expect(readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data).toMatchObject(
      {
        id: draft.id,
        year: null,
        city: null,
      },
    );
  });

  it('keeps the VIN the seller enters (issue 33), refuses a bad one in Russian, and publishes it with the listing', async () => {
    const seller = await signInPro(getDb(), clock());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    expect(draft.vin).toBeNull();

    const bad = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { vin: 'XTA210990O2765437' });
    expect(bad.statusCode).toBe(422);
    expect(readError(bad).errors).toEqual({ vin: ['Некорректный VIN'] });

    const saved = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { vin: ' xta 210990y2765437' });
    expect(readJson(saved, contract.drafts.update).data.vin).toBe('XTA210990Y2765437');
    expect(readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data.vin).toBe(
      'XTA210990Y2765437',
    );

    const refused = await api('POST', `/api/drafts/${draft.id}/publish`, seller.headers, { ...fullForm(), vin: '1' });
    expect(readError(refused).errors).toEqual({ vin: ['Некорректный VIN'] });

    const published = await api('POST', `/api/drafts/${draft.id}/publish`, seller.headers, fullForm());
    const postId = readJson(published, contract.drafts.publish).post_id;
    const [post] = await getDb().db.select({ vin: posts.vin }).from(posts).where(eq(posts.id, postId));
    expect(post!.vin).toBe('XTA210990Y2765437');

    // Cleared in the form: none is published, unless the description states one.
    const next = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const plain = readJson(
      await api('POST', `/api/drafts/${next.id}/publish`, seller.headers, { ...fullForm(), vin: '' }),
      contract.drafts.publish,
    ).post_id;
    const third = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const stated = readJson(
      await api('POST', `/api/drafts/${third.id}/publish`, seller.headers, {
        ...fullForm(),
        vin: null,
        description: 'VIN: Z94CB41AACR123456, один владелец',
      }),
      contract.drafts.publish,
    ).post_id;
    const vins = await getDb()
      .db.select({ id: posts.id, vin: posts.vin })
      .from(posts)
      .where(sql`${posts.id} in (${plain}, ${stated})`)
      .orderBy(posts.id);
    expect(vins).toEqual([
      { id: plain, vin: null },
      { id: stated, vin: 'Z94CB41AACR123456' },
    ]);
  });

  it('checks that brand, model, generation and configuration exist and belong together', async () => {
    const seller = await signInPro(getDb(), clock());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const wrongModel = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
      brand_id: toyota.brandId,
      model_id: bmwX5.modelId,
    });
    expect(wrongModel.statusCode).toBe(422);
    expect(readError(wrongModel).errors).toEqual({ model_id: ['Модель не относится к выбранной марке'] });
    const unknown = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
      brand_id: 999_999,
      generation_id: 999_999,
    });
    expect(readError(unknown).errors).toEqual({
      brand_id: ['Марка не найдена'],
      generation_id: ['Поколение не относится к выбранной модели'],
    });
    const modelFirst = await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { model_id: toyota.corolla });
    expect(readError(modelFirst).errors).toEqual({ model_id: ['Сначала выберите марку'] });
    // Nothing of the refused saves was written.
    expect(readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data).toMatchObject(
      {
        brand_id: null,
        model_id: null,
        generation_id: null,
      },
    );
  });

  it('keeps contacts in step with the form: updated, added and removed', async () => {
    const seller = await signIn(getDb());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const first = readJson(
      await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
        contacts: [
          { type: 'phone', value: '+79991234567' },
          { type: 'email', value: 'a@b.ru' },
        ],
      }),
      contract.drafts.update,
    ).data.contacts;
    const second = readJson(
      await api('PUT', `/api/drafts/${draft.id}`, seller.headers, {
        contacts: [
          { id: first[1]!.id, type: 'email', value: ' new@b.ru ' },
          { type: 'vk', value: null },
        ],
      }),
      contract.drafts.update,
    ).data.contacts;
    expect(second).toEqual([
      { id: first[1]!.id, type: 'email', value: 'new@b.ru' },
      { id: expect.any(Number) as number, type: 'vk', value: '' },
    ]);
    // Leaving a field out keeps it; null clears it.
    await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { price: 500_000, city: 'Омск' });
    const kept = readJson(
      await api('PUT', `/api/drafts/${draft.id}`, seller.headers, { city: null }),
      contract.drafts.update,
    ).data;
    expect(kept).toMatchObject({ price: 500_000, city: null });
    expect(kept.contacts).toHaveLength(2);
  });

  it('treats another user’s draft as unknown', async () => {
    const owner = await signIn(getDb());
    const stranger = await signInPro(getDb(), clock());
    const draft = readJson(await api('GET', '/api/drafts/create', owner.headers), contract.drafts.create).data;
    const filesBefore = filesUnder(config.mediaDir);
    for (const res of [
      await api('PUT', `/api/drafts/${draft.id}`, stranger.headers, { year: 2000 }),
      await api('POST', `/api/drafts/${draft.id}/publish`, stranger.headers, fullForm()),
      await upload(stranger.headers, draft.id, { name: 'a.jpg', type: 'image/jpeg', data: await photo('#123') }),
      await api('PUT', '/api/drafts/987654321', owner.headers, { year: 2000 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Не найдено' });
    }
    expect(await mediaRows(draft.id)).toBe(0);
    expect(filesUnder(config.mediaDir)).toEqual(filesBefore);
    expect(
      readJson(await api('GET', '/api/drafts/create', owner.headers), contract.drafts.create).data.year,
    ).toBeNull();
    expect((await api('GET', '/api/drafts/create')).statusCode).toBe(401);
  });

  it('refuses bad uploads with a clear message, leaving nothing on disk or in the database', async () => {
    const seller = await signIn(getDb());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const before = filesUnder(config.mediaDir);
    const png = await photo('#777', 'png', 300);
    const cases: [string, { name: string; type: string; data: Buffer } | undefined, string][] = [
      [
        'a PHP script named .jpg',
        { name: 'shell.jpg', type: 'image/jpeg', data: Buffer.from('<?php system($_GET["c"]); ?>') },
        'Допустимы только изображения JPEG, PNG, GIF и WebP',
      ],
      [
        'an HTML page named .jpg',
        { name: 'page.jpg', type: 'image/jpeg', data: Buffer.from('<!doctype html><script>alert(1)</script>') },
        'Допустимы только изображения JPEG, PNG, GIF и WebP',
      ],
      [
        'an SVG',
        {
          name: 'logo.svg',
          type: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
        'Допустимы только изображения JPEG, PNG, GIF и WebP',
      ],
      [
        'a 50 MB file',
        { name: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(50 * 1_048_576, 0xff) },
        'Файл слишком большой: не более 400 КБ',
      ],
      [
        'a file just over the limit',
        { name: 'big.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(400 * 1024)]) },
        'Файл слишком большой: не более 400 КБ',
      ],
      [
        'a truncated PNG',
        { name: 'cut.png', type: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) },
        'Файл повреждён или не является изображением',
      ],
      [
        'a zero-byte file',
        { name: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) },
        'Файл пустой: выберите фотографию',
      ],
      ['no file at all', undefined, 'Обязательное поле'],
    ];
    for (const [what, file, message] of cases) {
      const res = await upload(seller.headers, draft.id, file);
      expect([what, res.statusCode]).toEqual([what, 422]);
      // The field's message is what the form shows; the envelope's own message may be the general one.
      expect([what, readError(res).errors]).toEqual([what, { file: [message] }]);
    }
    const badDraft = await upload(seller.headers, 'abc', {
      name: 'a.jpg',
      type: 'image/jpeg',
      data: await photo('#123'),
    });
    expect(badDraft.statusCode).toBe(422);
    expect(readError(badDraft).errors).toEqual({ draft_id: ['Некорректный идентификатор'] });

    expect(filesUnder(config.mediaDir)).toEqual(before);
    expect(await mediaRows(draft.id)).toBe(0);
  });

  it('decides the type from the bytes: a real photo with a wrong name and header is accepted as what it is', async () => {
    const seller = await signIn(getDb());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const res = await upload(seller.headers, draft.id, {
      name: 'document.pdf',
      type: 'application/pdf',
      data: await photo('#456', 'png'),
    });
    expect(res.statusCode).toBe(201);
    expect(readJson(res, contract.drafts.uploadMedia).data.src).toMatch(/\.png$/);
  });

  it('keeps exactly one main photo when uploads of one draft race', async () => {
    const seller = await signIn(getDb());
    const draft = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data;
    const data = await photo('#abc');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => upload(seller.headers, draft.id, { name: 'a.jpg', type: 'image/jpeg', data })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const media = readJson(await api('GET', '/api/drafts/create', seller.headers), contract.drafts.create).data.media;
    expect(media.filter((m: { main: boolean }) => m.main)).toHaveLength(1);
    expect(media).toHaveLength(4);
  });
});
