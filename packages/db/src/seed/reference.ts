import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../client';
import type { VehicleKind } from '@autoradar/core';
import { brands, cities, configurations, generations, models } from '../schema';

/** The reference files shipped with this package (see data/README.md for shapes and licences). */
export const referenceDataDir = fileURLToPath(new URL('../../data', import.meta.url));

type GenerationRecord = { name: string; yearFrom?: number | null; yearTo?: number | null; configurations?: string[] };
type ModelRecord = {
  name: string;
  synonyms?: string[];
  yearFrom?: number | null;
  yearTo?: number | null;
  generations?: GenerationRecord[];
};
type BrandRecord = { name: string; popular?: boolean; synonyms?: string[]; models: ModelRecord[] };
type CityRecord = {
  city: string;
  region: string;
  region_type: string;
  region_full: string;
  federal_district?: string;
  population?: number;
  lat?: number;
  lon?: number;
  timezone?: string;
  is_region_capital?: boolean;
};

export type ReferenceImportResult = {
  /** Rows of each kind in the reference files; all of them exist in the database after the call. */
  brands: number;
  models: number;
  generations: number;
  configurations: number;
  cities: number;
  /** Rows written by this call; 0 when the data was already imported. */
  inserted: number;
};

// Colloquial names people type into the city search (and channel posts use). Hyphen-free and "е"
// spellings are added for every city by rule, so only genuine nicknames live here.
const CITY_NICKNAMES: Record<string, string[]> = {
  Москва: ['Мск', 'Moscow'],
  'Санкт-Петербург': ['Питер', 'СПб', 'Петербург', 'Saint Petersburg'],
  Екатеринбург: ['Екб', 'Екат'],
  'Нижний Новгород': ['Нижний', 'Н. Новгород', 'НН'],
  Новосибирск: ['Новосиб', 'Нск'],
  'Ростов-на-Дону': ['РнД'],
  Краснодар: ['Кдр'],
  Красноярск: ['Крск'],
  Владивосток: ['Влад'],
  Челябинск: ['Челяба'],
  Тольятти: ['Тлт'],
  'Набережные Челны': ['Челны'],
  'Петропавловск-Камчатский': ['Петропавловск'],
  'Комсомольск-на-Амуре': ['Комсомольск'],
  'Великий Новгород': ['Новгород'],
  'Нижний Тагил': ['Тагил'],
};

export function citySynonyms(city: string): string[] {
  const names = new Set<string>(CITY_NICKNAMES[city] ?? []);
  for (const name of [city, ...names]) {
    if (/[ёЁ]/.test(name)) names.add(name.replace(/ё/g, 'е').replace(/Ё/g, 'Е'));
  }
  for (const name of [city, ...names]) {
    if (name.includes('-')) names.add(name.replace(/-/g, ' '));
  }
  names.delete(city);
  return [...names];
}

// Keeps every statement well under PostgreSQL's 65 535 bind parameters.
const BATCH = 1000;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

const key = (...parts: Array<string | number>) => parts.join('\u0000');

async function readJson<T>(dir: string, file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(dir, file), 'utf8')) as T;
}

/**
 * Imports car and motorcycle brands (with models, generations and configurations) and cities.
 * Idempotent: rows are matched on their natural keys, existing rows (possibly edited by admins) are kept.
 */
export async function importReferenceData(db: Db, opts: { dataDir?: string } = {}): Promise<ReferenceImportResult> {
  const dir = opts.dataDir ?? referenceDataDir;
  const [carBrands, motoBrands, cityRecords] = await Promise.all([
    readJson<BrandRecord[]>(dir, 'car-brands.json'),
    readJson<BrandRecord[]>(dir, 'moto-brands.json'),
    readJson<CityRecord[]>(dir, 'cities.json'),
  ]);
  const catalog: Array<{ kind: VehicleKind; records: BrandRecord[] }> = [
    { kind: 'car', records: carBrands },
    { kind: 'moto', records: motoBrands },
  ];

  return db.transaction(async (tx) => {
    let inserted = 0;

    const brandIds = await insertMissing(
      catalog.flatMap(({ kind, records }) =>
        records.map((b, position) => ({
          kind,
          name: b.name,
          popular: b.popular ?? false,
          synonyms: b.synonyms ?? [],
          position,
        })),
      ),
      async () => tx.select({ id: brands.id, kind: brands.kind, name: brands.name }).from(brands),
      (b) => key(b.kind, b.name),
      async (rows) => {
        const done = await tx
          .insert(brands)
          .values(rows)
          .onConflictDoNothing({ target: [brands.kind, brands.name] })
          .returning({ id: brands.id });
        inserted += done.length;
      },
    );

    const modelRows = catalog.flatMap(({ kind, records }) =>
      records.flatMap((b) => {
        const brandId = brandIds.get(key(kind, b.name));
        if (brandId === undefined) throw new Error(`Марка ${b.name} не найдена после импорта`);
        return b.models.map((m) => ({
          brandId,
          name: m.name,
          synonyms: m.synonyms ?? [],
          yearFrom: m.yearFrom ?? null,
          yearTo: m.yearTo ?? null,
          generations: m.generations ?? [],
        }));
      }),
    );
    const modelIds = await insertMissing(
      modelRows,
      async () => tx.select({ id: models.id, brandId: models.brandId, name: models.name }).from(models),
      (m) => key(m.brandId, m.name),
      async (rows) => {
        const done = await tx
          .insert(models)
          .values(rows.map(({ generations: _, ...m }) => m))
          .onConflictDoNothing({ target: [models.brandId, models.name] })
          .returning({ id: models.id });
        inserted += done.length;
      },
    );

    const generationRows = modelRows.flatMap((m) => {
      const modelId = modelIds.get(key(m.brandId, m.name))!;
      return m.generations.map((g) => ({
        modelId,
        name: g.name,
        yearFrom: g.yearFrom ?? null,
        yearTo: g.yearTo ?? null,
        configurations: g.configurations ?? [],
      }));
    });
    const generationIds = await insertMissing(
      generationRows,
      async () =>
        tx.select({ id: generations.id, modelId: generations.modelId, name: generations.name }).from(generations),
      (g) => key(g.modelId, g.name),
      async (rows) => {
        const done = await tx
          .insert(generations)
          .values(rows.map(({ configurations: _, ...g }) => g))
          .onConflictDoNothing({ target: [generations.modelId, generations.name] })
          .returning({ id: generations.id });
        inserted += done.length;
      },
    );

    const configurationRows = generationRows.flatMap((g) => {
      const generationId = generationIds.get(key(g.modelId, g.name))!;
      return g.configurations.map((name) => ({ generationId, name }));
    });
    await insertMissing(
      configurationRows,
      async () =>
        tx
          .select({ id: configurations.id, generationId: configurations.generationId, name: configurations.name })
          .from(configurations),
      (c) => key(c.generationId, c.name),
      async (rows) => {
        const done = await tx
          .insert(configurations)
          .values(rows)
          .onConflictDoNothing({ target: [configurations.generationId, configurations.name] })
          .returning({ id: configurations.id });
        inserted += done.length;
      },
    );

    await insertMissing(
      cityRecords.map((c) => ({
        city: c.city,
        region: c.region,
        regionType: c.region_type,
        regionFull: c.region_full,
        federalDistrict: c.federal_district ?? null,
        population: c.population ?? null,
        lat: c.lat ?? null,
        lon: c.lon ?? null,
        timezone: c.timezone ?? null,
        isRegionCapital: c.is_region_capital ?? false,
        synonyms: citySynonyms(c.city),
      })),
      async () => tx.select({ id: cities.id, city: cities.city, region: cities.region }).from(cities),
      (c) => key(c.city, c.region),
      async (rows) => {
        const done = await tx
          .insert(cities)
          .values(rows)
          .onConflictDoNothing({ target: [cities.city, cities.region] })
          .returning({ id: cities.id });
        inserted += done.length;
      },
    );

    return {
      brands: carBrands.length + motoBrands.length,
      models: modelRows.length,
      generations: generationRows.length,
      configurations: configurationRows.length,
      cities: cityRecords.length,
      inserted,
    };
  });
}

/**
 * Inserts the rows whose natural key is not in the table yet and returns the id of every key.
 * Filtering first (instead of relying on ON CONFLICT alone) keeps a repeated import from writing
 * anything, sequences included; ON CONFLICT still covers a concurrent import.
 */
async function insertMissing<TRow, TExisting extends { id: number }>(
  rows: TRow[],
  loadExisting: () => Promise<TExisting[]>,
  keyOf: (row: TRow | TExisting) => string,
  insert: (rows: TRow[]) => Promise<void>,
): Promise<Map<string, number>> {
  const before = await loadExisting();
  const known = new Set(before.map(keyOf));
  const missing = rows.filter((row) => !known.has(keyOf(row)));
  for (const chunk of batches(missing)) await insert(chunk);
  const current = missing.length > 0 ? await loadExisting() : before;
  return new Map(current.map((row) => [keyOf(row), row.id]));
}
