import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Brand, City, Configuration, Generation, Model } from '@autoradar/contract';
import { brands, cities, configurations, generations, models, posts, type Db } from '@autoradar/db';

// Reference tables (brands, models, generations, configurations, cities) in the contract's shapes.

const brandColumns = {
  id: brands.id,
  name: brands.name,
  icon: brands.icon,
  popular: brands.popular,
  synonyms: brands.synonyms,
};
const modelColumns = { id: models.id, name: models.name, synonyms: models.synonyms, car_brand_id: models.brandId };
const cityColumns = {
  id: cities.id,
  city: cities.city,
  region: cities.region,
  region_type: cities.regionType,
  synonyms: cities.synonyms,
};

export async function findBrands(db: Db, filter: { popular?: boolean; ids?: number[] }): Promise<Brand[]> {
  const where: SQL[] = [];
  if (filter.popular !== undefined) where.push(eq(brands.popular, filter.popular));
  if (filter.ids) where.push(inArray(brands.id, filter.ids));
  // Cars before motorcycles; within a kind the reference order (popular first, then alphabetical).
  return db
    .select(brandColumns)
    .from(brands)
    .where(and(...where))
    .orderBy(asc(brands.kind), asc(brands.position), asc(brands.id));
}

export async function findBrand(db: Db, id: number): Promise<Brand | undefined> {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id));
  return row;
}

export async function findBrandByName(db: Db, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.kind, 'car'), sql`lower(${brands.name}) = lower(${name})`));
  return row;
}

export async function insertBrand(db: Db, values: Omit<Brand, 'id'>): Promise<Brand> {
  // New brands go to the end of the car list.
  const [row] = await db
    .insert(brands)
    .values({
      ...values,
      kind: 'car',
      position: sql`(select coalesce(max(${brands.position}), 0) + 1 from ${brands} where ${brands.kind} = 'car')`,
    })
    .returning(brandColumns);
  return row!;
}

export async function updateBrand(db: Db, id: number, values: Omit<Brand, 'id'>): Promise<Brand | undefined> {
  const [row] = await db.update(brands).set(values).where(eq(brands.id, id)).returning(brandColumns);
  return row;
}

/** Whether any listing (published or not) names this brand, model or city. */
export async function usedByListings(db: Db, column: 'brandId' | 'modelId' | 'cityId', id: number): Promise<boolean> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts[column], id)).limit(1);
  return rows.length > 0;
}

export async function deleteBrand(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id });
  return rows.length > 0;
}

export async function findModels(db: Db, filter: { brandId?: number; ids?: number[] }): Promise<Model[]> {
  const where: SQL[] = [];
  if (filter.brandId !== undefined) where.push(eq(models.brandId, filter.brandId));
  if (filter.ids) where.push(inArray(models.id, filter.ids));
  return db
    .select(modelColumns)
    .from(models)
    .where(and(...where))
    .orderBy(asc(models.name), asc(models.id));
}

export async function findModel(db: Db, id: number): Promise<Model | undefined> {
  const [row] = await db.select(modelColumns).from(models).where(eq(models.id, id));
  return row;
}

export async function findModelByName(db: Db, brandId: number, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.brandId, brandId), sql`lower(${models.name}) = lower(${name})`));
  return row;
}

export async function insertModel(db: Db, values: Omit<Model, 'id'>): Promise<Model> {
  const [row] = await db
    .insert(models)
    .values({ name: values.name, synonyms: values.synonyms, brandId: values.car_brand_id })
    .returning(modelColumns);
  return row!;
}

export async function updateModel(db: Db, id: number, values: Omit<Model, 'id'>): Promise<Model | undefined> {
  const [row] = await db
    .update(models)
    .set({ name: values.name, synonyms: values.synonyms, brandId: values.car_brand_id })
    .where(eq(models.id, id))
    .returning(modelColumns);
  return row;
}

export async function deleteModel(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(models).where(eq(models.id, id)).returning({ id: models.id });
  return rows.length > 0;
}

// A generation without its own first year starts with its model; the contract's yearFrom is never empty.
const generationColumns = {
  id: generations.id,
  name: generations.name,
  yearFrom: sql<number>`coalesce(${generations.yearFrom}, ${models.yearFrom}, 0)::int`,
  yearTo: generations.yearTo,
};

export async function findGenerations(db: Db, modelId: number): Promise<Generation[]> {
  return db
    .select(generationColumns)
    .from(generations)
    .innerJoin(models, eq(models.id, generations.modelId))
    .where(eq(generations.modelId, modelId))
    .orderBy(sql`${generations.yearFrom} asc nulls first`, asc(generations.id));
}

export async function findGeneration(db: Db, id: number): Promise<(Generation & { modelId: number }) | undefined> {
  const [row] = await db
    .select({ ...generationColumns, modelId: generations.modelId })
    .from(generations)
    .innerJoin(models, eq(models.id, generations.modelId))
    .where(eq(generations.id, id));
  return row;
}

/**
 * Body configurations of a model across its generations, one per name: the newest generation's record wins, so
 * the list reads like a classifieds form ("Седан", "Универсал") rather than repeating names per generation.
 */
export async function findConfigurations(db: Db, modelId: number): Promise<Configuration[]> {
  const rows = await db
    .selectDistinctOn([configurations.name], { id: configurations.id, name: configurations.name })
    .from(configurations)
    .innerJoin(generations, eq(generations.id, configurations.generationId))
    .where(eq(generations.modelId, modelId))
    .orderBy(asc(configurations.name), sql`${generations.yearFrom} desc nulls last`, desc(configurations.id));
  return rows.sort((a, b) => a.id - b.id);
}

export async function findConfiguration(
  db: Db,
  id: number,
): Promise<(Configuration & { generationId: number; modelId: number }) | undefined> {
  const [row] = await db
    .select({
      id: configurations.id,
      name: configurations.name,
      generationId: configurations.generationId,
      modelId: generations.modelId,
    })
    .from(configurations)
    .innerJoin(generations, eq(generations.id, configurations.generationId))
    .where(eq(configurations.id, id));
  return row;
}

export async function findCities(db: Db, filter: { ids?: number[] }): Promise<City[]> {
  return db
    .select(cityColumns)
    .from(cities)
    .where(filter.ids ? inArray(cities.id, filter.ids) : undefined)
    .orderBy(sql`${cities.population} desc nulls last`, asc(cities.id));
}

export async function findCityByName(db: Db, city: string, region: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(sql`lower(${cities.city}) = lower(${city})`, sql`lower(${cities.region}) = lower(${region})`));
  return row;
}

export type CityValues = Omit<City, 'id'> & { region_full: string };

export async function insertCity(db: Db, values: CityValues): Promise<City> {
  const [row] = await db
    .insert(cities)
    .values({
      city: values.city,
      region: values.region,
      regionType: values.region_type,
      regionFull: values.region_full,
      synonyms: values.synonyms,
    })
    .returning(cityColumns);
  return row!;
}

export async function updateCity(db: Db, id: number, values: CityValues): Promise<City | undefined> {
  const [row] = await db
    .update(cities)
    .set({
      city: values.city,
      region: values.region,
      regionType: values.region_type,
      regionFull: values.region_full,
      synonyms: values.synonyms,
    })
    .where(eq(cities.id, id))
    .returning(cityColumns);
  return row;
}

export async function deleteCity(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(cities).where(eq(cities.id, id)).returning({ id: cities.id });
  return rows.length > 0;
}
