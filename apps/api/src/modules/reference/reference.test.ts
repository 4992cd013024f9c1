import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { contract, type Brand, type Model } from '@autoradar/contract';
import { brands, cities, configurations, generations, importReferenceData, models, posts } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { addListing, removeListings } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signIn, signInAdmin } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

describeEachDb('reference data: brands, models, generations, configurations, cities', (getDb) => {
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let user: Record<string, string>;
  const ref = { toyota: 0, bmw: 0, camry: 0, x5: 0, camryGen: 0, camryConf: 0, otherGen: 0, kazan: 0 };
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const { db } = getDb();
    await importReferenceData(db);
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
    ref.toyota = (
      await one(
        db
          .select()
          .from(brands)
          .where(sql`${brands.name} = 'Toyota'`),
      )
    ).id;
    ref.bmw = (
      await one(
        db
          .select()
          .from(brands)
          .where(sql`${brands.name} = 'BMW'`),
      )
    ).id;
    ref.camry = (
      await one(
        db
          .select()
          .from(models)
          .where(sql`${models.brandId} = ${ref.toyota} and ${models.name} = 'Camry'`),
      )
    ).id;
    ref.x5 = (
      await one(
        db
          .select()
          .from(models)
          .where(sql`${models.brandId} = ${ref.bmw} and ${models.name} = 'X5'`),
      )
    ).id;
    const camryGen = await one(
      db
        .select()
        .from(generations)
        .where(sql`${generations.modelId} = ${ref.camry}`)
        .orderBy(generations.id),
    );
    ref.camryGen = camryGen.id;
    ref.camryConf = (
      await one(
        db
          .select()
          .from(configurations)
          .where(sql`${configurations.generationId} = ${ref.camryGen}`),
      )
    ).id;
    ref.otherGen = (
      await one(
        db
          .select()
          .from(generations)
          .where(sql`${generations.modelId} <> ${ref.camry}`),
      )
    ).id;
    ref.kazan = (
      await one(
        db
          .select()
          .from(cities)
          .where(sql`${cities.city} = 'Казань'`),
      )
    ).id;
    app = await buildTestApp(getDb());
    admin = (await signInAdmin(getDb())).headers;
    user = (await signIn(getDb())).headers;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists brands: all, popular or not, by ids, and one by id', async () => {
    const all = readJson(await get('/api/brands'), contract.reference.brands).data;
    expect(all.length).toBeGreaterThan(150);
    expect(all[0]).toMatchObject({ name: 'LADA', popular: true });
    expect(all.find((b) => b.id === ref.toyota)).toMatchObject({
      name: 'Toyota',
      icon: null,
      popular: true,
      synonyms: expect.arrayContaining(['Тойота']) as string[],
    });
    const popular = readJson(await get('/api/brands?popular=true'), contract.reference.brands).data;
    const rest = readJson(await get('/api/brands?popular=false'), contract.reference.brands).data;
    expect(popular.every((b) => b.popular)).toBe(true);
    expect(rest.every((b) => !b.popular)).toBe(true);
    expect(popular.length + rest.length).toBe(all.length);
    expect(
      readJson(await get(`/api/brands?ids=${ref.bmw},${ref.toyota},2147483647`), contract.reference.brands)
        .data.map((b) => b.name)
        .sort(),
    ).toEqual(['BMW', 'Toyota']);
    // An id no int4 column holds is not an unknown brand but a wrong question.
    const outOfRange = await get(`/api/brands?ids=${ref.bmw},2147483648`);
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { ids: ['Некорректный идентификатор'] },
    });
    expect(readJson(await get(`/api/brands/${ref.bmw}`), contract.reference.brand).data).toMatchObject({
      id: ref.bmw,
      name: 'BMW',
    });
  });

  it('lists the models of a brand, by ids, their generations and configurations', async () => {
    const toyota = readJson(await get(`/api/models?car_brand_id=${ref.toyota}`), contract.reference.models).data;
    expect(toyota.length).toBeGreaterThan(50);
    expect(toyota.every((m) => m.car_brand_id === ref.toyota)).toBe(true);
    expect(toyota.find((m) => m.id === ref.camry)).toMatchObject({
      name: 'Camry',
      synonyms: expect.arrayContaining(['Камри']) as string[],
    });
    expect(
      readJson(await get(`/api/models?ids=${ref.camry},${ref.x5}`), contract.reference.models)
        .data.map((m) => m.name)
        .sort(),
    ).toEqual(['Camry', 'X5']);

    const gens = readJson(await get(`/api/models/${ref.camry}/generations`), contract.reference.generations).data;
    expect(gens.length).toBeGreaterThan(0);
    expect(gens.every((g) => Number.isInteger(g.yearFrom) && g.yearFrom > 1900)).toBe(true);
    const confs = readJson(
      await get(`/api/models/${ref.camry}/configurations`),
      contract.reference.configurations,
    ).data;
    expect(confs.length).toBeGreaterThan(0);
    expect(new Set(confs.map((c) => c.name)).size).toBe(confs.length);
  });

  it('lists cities, all or by ids', async () => {
    const all = readJson(await get('/api/addresses'), contract.reference.cities).data;
    expect(all.length).toBeGreaterThan(1_000);
    expect(all[0]).toMatchObject({ city: 'Москва', region_type: 'г' });
    expect(all.find((c) => c.city === 'Санкт-Петербург')?.synonyms).toContain('Питер');
    const some = readJson(await get(`/api/addresses?ids=${ref.kazan}`), contract.reference.cities).data;
    expect(some).toEqual([
      {
        id: ref.kazan,
        city: 'Казань',
        region: 'Татарстан',
        region_type: 'Респ',
        synonyms: expect.any(Array) as string[],
      },
    ]);
  });

  it('answers 404 for unknown or malformed ids and 422 for malformed queries', async () => {
    for (const url of [
      '/api/brands/99999',
      '/api/brands/abc',
      '/api/brands/99999999999999999999',
      '/api/brands/0',
      '/api/models?car_brand_id=99999',
      '/api/models/99999/generations',
      '/api/models/3000000000/configurations',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(readError(res).message, url).toMatch(/[а-я]/);
    }
    for (const url of [
      '/api/brands?popular=да',
      '/api/brands?ids=1,,2',
      '/api/addresses?ids=abc',
      '/api/models?car_brand_id=-1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(422);
    }
  });

  it('answers the records of a draft selection with car-data, and 422 for ids that do not fit together', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/car-data',
      payload: { brand_id: ref.toyota, model_id: ref.camry },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      brand: expect.objectContaining({ name: 'Toyota' }) as Brand,
      model: expect.objectContaining({ name: 'Camry' }) as Model,
    });
    const full = await app.inject({
      method: 'POST',
      url: '/api/car-data',
      payload: {
        brand_id: ref.toyota,
        model_id: ref.camry,
        generation_id: ref.camryGen,
        configuration_id: ref.camryConf,
      },
    });
    expect(full.json()).toMatchObject({ generation: { id: ref.camryGen }, configuration: { id: ref.camryConf } });

    const bad: [object, string][] = [
      [{ brand_id: 99_999, model_id: ref.camry }, 'brand_id'],
      [{ brand_id: ref.bmw, model_id: ref.camry }, 'model_id'],
      [{ brand_id: ref.toyota, model_id: 3_000_000_000 }, 'model_id'],
      [{ brand_id: ref.toyota, model_id: ref.camry, generation_id: ref.otherGen }, 'generation_id'],
      [{ brand_id: ref.toyota, model_id: ref.camry, configuration_id: 99_999_999 }, 'configuration_id'],
      [{ brand_id: 'Toyota', model_id: ref.camry }, 'brand_id'],
      [{ model_id: ref.camry }, 'brand_id'],
    ];
    for (const [payload, field] of bad) {
      const res = await app.inject({ method: 'POST', url: '/api/car-data', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(readError(res).errors ?? {})).toContain(field);
    }
  });

  it('lets only admins create, update and delete brands', async () => {
    const body = { name: 'Зубр', icon: null, popular: false, synonyms: [' Zubr ', '', 'Zubr'] };
    expect((await app.inject({ method: 'POST', url: '/api/brands', payload: body })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/brands', payload: body, headers: user })).statusCode).toBe(
      403,
    );
    const created = await app.inject({ method: 'POST', url: '/api/brands', payload: body, headers: admin });
    expect(created.statusCode).toBe(201);
    const brand = readJson(created, contract.reference.createBrand).data;
    expect(brand).toMatchObject({ name: 'Зубр', popular: false, synonyms: ['Zubr'] });
    expect(readJson(await get('/api/brands?popular=false'), contract.reference.brands).data).toContainEqual(brand);

    const dup = await app.inject({
      method: 'POST',
      url: '/api/brands',
      payload: { ...body, name: 'toyota' },
      headers: admin,
    });
    expect(dup.statusCode).toBe(422);
    expect(readError(dup).errors?.name).toEqual(['Марка с таким названием уже есть']);
    for (const payload of [{ ...body, name: '   ' }, { ...body, popular: 'да' }, { name: 'X' }]) {
      expect((await app.inject({ method: 'POST', url: '/api/brands', payload, headers: admin })).statusCode).toBe(422);
    }

    const updated = await app.inject({
      method: 'PUT',
      url: `/api/brands/${brand.id}`,
      payload: { ...body, name: 'Зубр Моторс', popular: true },
      headers: admin,
    });
    expect(readJson(updated, contract.reference.updateBrand).data).toMatchObject({
      id: brand.id,
      name: 'Зубр Моторс',
      popular: true,
    });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/brands/${brand.id}`,
          payload: { ...body, name: 'BMW' },
          headers: admin,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/brands/99999', payload: body, headers: admin })).statusCode,
    ).toBe(404);

    expect((await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: user })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await get(`/api/brands/${brand.id}`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });

  it('lets admins manage models; deleting a brand keeps its listings without the link', async () => {
    const brand = readJson(
      await app.inject({
        method: 'POST',
        url: '/api/brands',
        payload: { name: 'Тестмаш', popular: false, synonyms: [] },
        headers: admin,
      }),
      contract.reference.createBrand,
    ).data;
    const created = await app.inject({
      method: 'POST',
      url: '/api/models',
      payload: { name: '3', synonyms: ['Тестмаш 3'], car_brand_id: brand.id },
      headers: admin,
    });
    expect(created.statusCode).toBe(201);
    const model = readJson(created, contract.reference.createModel).data;
    expect(model).toMatchObject({ name: '3', car_brand_id: brand.id });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/models',
          payload: { name: '3', synonyms: [], car_brand_id: brand.id },
          headers: admin,
        })
      ).statusCode,
    ).toBe(422);
    const noBrand = await app.inject({
      method: 'POST',
      url: '/api/models',
      payload: { name: '5', synonyms: [], car_brand_id: 99_999 },
      headers: admin,
    });
    expect(readError(noBrand).errors?.car_brand_id).toEqual(['Марка не найдена']);
    expect(
      (await app.inject({ method: 'POST', url: '/api/models', payload: { name: '5', synonyms: [] }, headers: user }))
        .statusCode,
    ).toBe(403);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/models/${model.id}`,
      payload: { name: '3e', synonyms: [], car_brand_id: brand.id },
      headers: admin,
    });
    expect(readJson(moved, contract.reference.updateModel).data).toMatchObject({ id: model.id, name: '3e' });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/models/99999',
          payload: { name: '3e', synonyms: [], car_brand_id: brand.id },
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);

    const post = await addListing(getDb().db, {
      channel: 'site',
      title: 'Тестмаш 3e',
      brandId: brand.id,
      modelId: model.id,
    });
    // Listings name the model and the brand: both stay, and the admin reads why.
    const refusedModel = await app.inject({ method: 'DELETE', url: `/api/models/${model.id}`, headers: admin });
    expect(refusedModel.statusCode).toBe(409);
    expect(readError(refusedModel).message).toBe('Модель нельзя удалить: она указана в объявлениях');
    const refusedBrand = await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: admin });
    expect(refusedBrand.statusCode).toBe(409);
    expect(readError(refusedBrand).message).toBe('Марку нельзя удалить: она указана в объявлениях');
    const [kept] = await getDb()
      .db.select()
      .from(posts)
      .where(sql`${posts.id} = ${post.id}`);
    expect(kept).toMatchObject({ title: 'Тестмаш 3e', brandId: brand.id, modelId: model.id });

    // Once no listing names them, they go.
    await removeListings(getDb().db, [post.id]);
    expect((await app.inject({ method: 'DELETE', url: `/api/models/${model.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: admin })).statusCode).toBe(
      204,
    );
  });

  it('lets admins manage cities', async () => {
    const body = { city: 'Новый Город', region: 'Татарстан', region_type: 'Респ', synonyms: ['НГ'] };
    expect((await app.inject({ method: 'POST', url: '/api/addresses', payload: body, headers: user })).statusCode).toBe(
      403,
    );
    const created = await app.inject({ method: 'POST', url: '/api/addresses', payload: body, headers: admin });
    expect(created.statusCode).toBe(201);
    const city = readJson(created, contract.reference.createCity).data;
    expect(city).toEqual({ id: expect.any(Number) as number, ...body });
    const [row] = await getDb()
      .db.select()
      .from(cities)
      .where(sql`${cities.id} = ${city.id}`);
    expect(row?.regionFull).toBe('Республика Татарстан');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/addresses',
          payload: { ...body, city: 'казань' },
          headers: admin,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await app.inject({ method: 'POST', url: '/api/addresses', payload: { ...body, region: '' }, headers: admin }))
        .statusCode,
    ).toBe(422);
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/addresses/${city.id}`,
      payload: { ...body, city: 'Новгород-на-Каме' },
      headers: admin,
    });
    expect(readJson(updated, contract.reference.updateCity).data.city).toBe('Новгород-на-Каме');
    expect(
      (await app.inject({ method: 'PUT', url: '/api/addresses/999999', payload: body, headers: admin })).statusCode,
    ).toBe(404);
    const listing = await addListing(getDb().db, {
      channel: 'site',
      title: 'Тестмаш в Новгороде-на-Каме',
      cityId: city.id,
    });
    const refused = await app.inject({ method: 'DELETE', url: `/api/addresses/${city.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(readError(refused).message).toBe('Город нельзя удалить: он указан в объявлениях');
    await removeListings(getDb().db, [listing.id]);
    expect((await app.inject({ method: 'DELETE', url: `/api/addresses/${city.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/addresses/${city.id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });
});
