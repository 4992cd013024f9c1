import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brands, cities, configurations, generations, models } from '../schema';
import { describeEachDb } from '../testing/test-db';
import { citySynonyms, importReferenceData } from './reference';

// The row counts of packages/db/data (see its README).
const expected = {
  carBrands: 134,
  carModels: 2134,
  generations: 601,
  configurations: 947,
  motoBrands: 57,
  motoModels: 1975,
  cities: 1117,
};

describeEachDb('importReferenceData', (getDb, target) => {
  const tableCounts = async () => {
    const { db } = getDb();
    const byKind = await db
      .select({ kind: brands.kind, brands: sql<number>`count(distinct ${brands.id})::int`, models: count(models.id) })
      .from(brands)
      .leftJoin(models, eq(models.brandId, brands.id))
      .groupBy(brands.kind)
      .orderBy(brands.kind);
    return {
      byKind,
      generations: await db.$count(generations),
      configurations: await db.$count(configurations),
      cities: await db.$count(cities),
    };
  };

  it('loads brands, models, generations, configurations and cities', async () => {
    const started = performance.now();
    const result = await importReferenceData(getDb().db);
    console.info(`[${target.name}] reference import: ${Math.round(performance.now() - started)} ms`);

    const total =
      expected.carBrands +
      expected.motoBrands +
      expected.carModels +
      expected.motoModels +
      expected.generations +
      expected.configurations +
      expected.cities;
    expect(result).toEqual({
      brands: expected.carBrands + expected.motoBrands,
      models: expected.carModels + expected.motoModels,
      generations: expected.generations,
      configurations: expected.configurations,
      cities: expected.cities,
      inserted: total,
    });
    expect(await tableCounts()).toEqual({
      byKind: [
        { kind: 'car', brands: expected.carBrands, models: expected.carModels },
        { kind: 'moto', brands: expected.motoBrands, models: expected.motoModels },
      ],
      generations: expected.generations,
      configurations: expected.configurations,
      cities: expected.cities,
    });
  });

  it('inserts nothing and changes nothing when run again', async () => {
    const before = await tableCounts();
    const { rows: seqBefore } = await getDb().db.execute<{ last_value: string }>(
      sql`select last_value::text from brands_id_seq`,
    );
    const started = performance.now();
    const result = await importReferenceData(getDb().db);
    console.info(`[${target.name}] reference re-import (no-op): ${Math.round(performance.now() - started)} ms`);
    expect(result.inserted).toBe(0);
    expect(await tableCounts()).toEqual(before);
    const { rows: seqAfter } = await getDb().db.execute<{ last_value: string }>(
      sql`select last_value::text from brands_id_seq`,
    );
    expect(seqAfter).toEqual(seqBefore);
  });

  it('keeps brand order, popularity and synonyms, and the model hierarchy', async () => {
    const { db } = getDb();
    const lada = await db.query.brands.findFirst({
      where: (b, { and, eq }) => and(eq(b.kind, 'car'), eq(b.name, 'LADA')),
      with: {
        models: {
          where: (m, { eq }) => eq(m.name, 'Granta'),
          with: { generations: { with: { configurations: true } } },
        },
      },
    });
    expect(lada).toMatchObject({ popular: true, position: 0 });
    expect(lada?.synonyms).toEqual(expect.arrayContaining(['Лада', 'ВАЗ']));
    const granta = lada?.models[0];
    expect(granta?.synonyms).toContain('Гранта');
    expect(granta?.generations.map((g) => g.name).sort()).toEqual(['I', 'I рестайлинг']);
    const restyling = granta?.generations.find((g) => g.name === 'I рестайлинг');
    expect(restyling?.yearTo).toBeNull();
    expect(restyling?.configurations.map((c) => c.name)).toContain('Лифтбек');

    const bmwMoto = await db.query.brands.findFirst({
      where: (b, { and, eq }) => and(eq(b.kind, 'moto'), eq(b.name, 'BMW')),
    });
    expect(bmwMoto?.id).toBeTypeOf('number');
  });

  it('stores city fields and search synonyms', async () => {
    const { db } = getDb();
    const byName = async (city: string) => (await db.select().from(cities).where(eq(cities.city, city)))[0];
    const spb = await byName('Санкт-Петербург');
    expect(spb?.synonyms).toEqual(expect.arrayContaining(['Питер', 'СПб', 'Санкт Петербург']));
    expect(spb?.isRegionCapital).toBe(true);
    expect((await byName('Москва'))?.synonyms).toContain('Мск');
    expect((await byName('Екатеринбург'))?.synonyms).toContain('Екб');
    expect((await byName('Нижний Новгород'))?.synonyms).toContain('Нижний');
    expect((await byName('Орёл'))?.synonyms).toContain('Орел');
    const kazan = await byName('Казань');
    expect(kazan).toMatchObject({ region: 'Татарстан', regionType: 'Респ', timezone: 'UTC+3' });
    expect(kazan?.lat).toBeCloseTo(55.79, 1);
  });
});

it('derives city synonyms from nicknames, "ё" and hyphens', () => {
  expect(citySynonyms('Ростов-на-Дону')).toEqual(['РнД', 'Ростов на Дону']);
  expect(citySynonyms('Ликино-Дулёво')).toEqual(['Ликино-Дулево', 'Ликино Дулёво', 'Ликино Дулево']);
  expect(citySynonyms('Казань')).toEqual([]);
});
