import { MESSAGES } from '@autoradar/core';
import {
  parseIdList,
  type Brand,
  type City,
  type Configuration,
  type Generation,
  type Model,
} from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import { pathId } from '../../http/http-error';
import { REFERENCE_MESSAGES } from './reference.messages';
import * as repo from './reference.repo';

// Reference tables use 32-bit serial ids; the contract's id schemas keep every id within int4 (parseId 'serial').

/** A `?ids=` list the contract has checked, each id once. */
const idsOf = (list: string | undefined) =>
  list === undefined ? undefined : [...new Set(parseIdList(list, 'serial') ?? [])];

const requireId = (value: string, message: string): number => pathId(value, 'serial', message);

const invalid = (field: string, message: string) =>
  new DomainError('invalid', MESSAGES.validationFailed, { [field]: [message] });

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs an insert or update; a unique-key race that slipped past the check answers the same 422. */
async function saving<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(field, message);
    throw err;
  }
}

/** Trimmed, non-empty, each once. */
function cleanSynonyms(synonyms: readonly string[]): string[] {
  return [...new Set(synonyms.map((s) => s.trim()).filter((s) => s !== ''))];
}

// --- reading ---

export function listBrands(db: Db, query: { popular?: 'true' | 'false'; ids?: string }): Promise<Brand[]> {
  const popular = query.popular === undefined ? undefined : query.popular === 'true';
  const filter: { popular?: boolean; ids?: number[] } = {};
  if (popular !== undefined) filter.popular = popular;
  const ids = idsOf(query.ids);
  if (ids) filter.ids = ids;
  return repo.findBrands(db, filter);
}

export async function getBrand(db: Db, idParam: string): Promise<Brand> {
  const brand = await repo.findBrand(db, requireId(idParam, REFERENCE_MESSAGES.brandNotFound));
  if (!brand) throw notFound(REFERENCE_MESSAGES.brandNotFound);
  return brand;
}

export async function listModels(db: Db, query: { car_brand_id?: string; ids?: string }): Promise<Model[]> {
  const filter: { brandId?: number; ids?: number[] } = {};
  if (query.car_brand_id !== undefined) {
    // An unknown brand is a wrong question, not an empty answer.
    const brand = await getBrand(db, query.car_brand_id);
    filter.brandId = brand.id;
  }
  const ids = idsOf(query.ids);
  if (ids) filter.ids = ids;
  return repo.findModels(db, filter);
}

async function requireModel(db: Db, idParam: string): Promise<Model> {
  const model = await repo.findModel(db, requireId(idParam, REFERENCE_MESSAGES.modelNotFound));
  if (!model) throw notFound(REFERENCE_MESSAGES.modelNotFound);
  return model;
}

export async function listGenerations(db: Db, modelIdParam: string): Promise<Generation[]> {
  const model = await requireModel(db, modelIdParam);
  return repo.findGenerations(db, model.id);
}

export async function listConfigurations(db: Db, modelIdParam: string): Promise<Configuration[]> {
  const model = await requireModel(db, modelIdParam);
  return repo.findConfigurations(db, model.id);
}

export function listCities(db: Db, query: { ids?: string }): Promise<City[]> {
  const ids = idsOf(query.ids);
  return repo.findCities(db, ids ? { ids } : {});
}

export interface CarDataRequest {
  brand_id: number;
  model_id: number;
  generation_id?: number | null | undefined;
  configuration_id?: number | null | undefined;
}

/** The records behind a draft's selection; each id must exist and belong to the one before it. */
export async function getCarData(
  db: Db,
  request: CarDataRequest,
): Promise<{ brand: Brand; model: Model; generation?: Generation; configuration?: Configuration }> {
  const [brand, model, generation, configuration] = await Promise.all([
    repo.findBrand(db, request.brand_id),
    repo.findModel(db, request.model_id),
    request.generation_id ? repo.findGeneration(db, request.generation_id) : undefined,
    request.configuration_id ? repo.findConfiguration(db, request.configuration_id) : undefined,
  ]);
  if (!brand) throw invalid('brand_id', REFERENCE_MESSAGES.brandNotFound);
  if (!model) throw invalid('model_id', REFERENCE_MESSAGES.modelNotFound);
  if (model.car_brand_id !== brand.id) throw invalid('model_id', REFERENCE_MESSAGES.modelOfOtherBrand);

  const result: { brand: Brand; model: Model; generation?: Generation; configuration?: Configuration } = {
    brand,
    model,
  };
  if (request.generation_id) {
    if (!generation) throw invalid('generation_id', REFERENCE_MESSAGES.generationNotFound);
    if (generation.modelId !== model.id) throw invalid('generation_id', REFERENCE_MESSAGES.generationOfOtherModel);
    result.generation = {
      id: generation.id,
      name: generation.name,
      yearFrom: generation.yearFrom,
      yearTo: generation.yearTo,
    };
  }
  if (request.configuration_id) {
    if (!configuration) throw invalid('configuration_id', REFERENCE_MESSAGES.configurationNotFound);
    if (configuration.modelId !== model.id)
      throw invalid('configuration_id', REFERENCE_MESSAGES.configurationOfOtherModel);
    if (generation && configuration.generationId !== generation.id) {
      throw invalid('configuration_id', REFERENCE_MESSAGES.configurationOfOtherGeneration);
    }
    result.configuration = { id: configuration.id, name: configuration.name };
  }
  return result;
}

// --- admin writes ---

export interface SaveBrand {
  name: string;
  icon?: string | null | undefined;
  popular: boolean;
  synonyms: string[];
}

function brandValues(form: SaveBrand): Omit<Brand, 'id'> {
  const icon = form.icon?.trim();
  return {
    name: form.name.trim(),
    icon: icon ? icon : null,
    popular: form.popular,
    synonyms: cleanSynonyms(form.synonyms),
  };
}

export async function createBrand(db: Db, form: SaveBrand): Promise<Brand> {
  const values = brandValues(form);
  if (await repo.findBrandByName(db, values.name)) throw invalid('name', REFERENCE_MESSAGES.brandExists);
  return saving('name', REFERENCE_MESSAGES.brandExists, () => repo.insertBrand(db, values));
}

export async function updateBrand(db: Db, idParam: string, form: SaveBrand): Promise<Brand> {
  const id = requireId(idParam, REFERENCE_MESSAGES.brandNotFound);
  const values = brandValues(form);
  const same = await repo.findBrandByName(db, values.name);
  if (same && same.id !== id) throw invalid('name', REFERENCE_MESSAGES.brandExists);
  const brand = await saving('name', REFERENCE_MESSAGES.brandExists, () => repo.updateBrand(db, id, values));
  if (!brand) throw notFound(REFERENCE_MESSAGES.brandNotFound);
  return brand;
}

/** A row that listings name is kept: the admin is told why (409) instead of listings silently losing the link. */
async function refuseInUse(db: Db, column: 'brandId' | 'modelId' | 'cityId', id: number, message: string) {
  if (await repo.usedByListings(db, column, id)) throw new DomainError('conflict', message);
}

/** Deleting a brand deletes its models; a brand that listings name is refused (its models' listings name it too). */
export async function deleteBrand(db: Db, idParam: string): Promise<void> {
  const id = requireId(idParam, REFERENCE_MESSAGES.brandNotFound);
  await refuseInUse(db, 'brandId', id, REFERENCE_MESSAGES.brandInUse);
  if (!(await repo.deleteBrand(db, id))) throw notFound(REFERENCE_MESSAGES.brandNotFound);
}

export interface SaveModel {
  name: string;
  synonyms: string[];
  car_brand_id: number;
}

async function modelValues(db: Db, form: SaveModel, id?: number): Promise<Omit<Model, 'id'>> {
  const values = { name: form.name.trim(), synonyms: cleanSynonyms(form.synonyms), car_brand_id: form.car_brand_id };
  const brandId = values.car_brand_id;
  if (!(await repo.findBrand(db, brandId))) throw invalid('car_brand_id', REFERENCE_MESSAGES.brandNotFound);
  const same = await repo.findModelByName(db, brandId, values.name);
  if (same && same.id !== id) throw invalid('name', REFERENCE_MESSAGES.modelExists);
  return values;
}

export async function createModel(db: Db, form: SaveModel): Promise<Model> {
  const values = await modelValues(db, form);
  return saving('name', REFERENCE_MESSAGES.modelExists, () => repo.insertModel(db, values));
}

export async function updateModel(db: Db, idParam: string, form: SaveModel): Promise<Model> {
  const id = requireId(idParam, REFERENCE_MESSAGES.modelNotFound);
  if (!(await repo.findModel(db, id))) throw notFound(REFERENCE_MESSAGES.modelNotFound);
  const values = await modelValues(db, form, id);
  const model = await saving('name', REFERENCE_MESSAGES.modelExists, () => repo.updateModel(db, id, values));
  if (!model) throw notFound(REFERENCE_MESSAGES.modelNotFound);
  return model;
}

export async function deleteModel(db: Db, idParam: string): Promise<void> {
  const id = requireId(idParam, REFERENCE_MESSAGES.modelNotFound);
  await refuseInUse(db, 'modelId', id, REFERENCE_MESSAGES.modelInUse);
  if (!(await repo.deleteModel(db, id))) throw notFound(REFERENCE_MESSAGES.modelNotFound);
}

export interface SaveCity {
  city: string;
  region: string;
  region_type: string;
  synonyms: string[];
}

/** The display name of a region from its FIAS short name and type ("Татарстан" + "Респ" -> "Республика Татарстан"). */
export function regionFullName(region: string, regionType: string): string {
  switch (regionType) {
    case 'обл':
      return `${region} область`;
    case 'Респ':
      return `Республика ${region}`;
    case 'АО':
      return `${region} автономный округ`;
    case 'Аобл':
      return `${region} автономная область`;
    case 'г':
      return region;
    default:
      return `${region} ${regionType}`;
  }
}

async function cityValues(db: Db, form: SaveCity, id?: number): Promise<repo.CityValues> {
  const city = form.city.trim();
  const region = form.region.trim();
  const regionType = form.region_type.trim();
  const same = await repo.findCityByName(db, city, region);
  if (same && same.id !== id) throw invalid('city', REFERENCE_MESSAGES.cityExists);
  return {
    city,
    region,
    region_type: regionType,
    region_full: regionFullName(region, regionType),
    synonyms: cleanSynonyms(form.synonyms),
  };
}

export async function createCity(db: Db, form: SaveCity): Promise<City> {
  const values = await cityValues(db, form);
  return saving('city', REFERENCE_MESSAGES.cityExists, () => repo.insertCity(db, values));
}

export async function updateCity(db: Db, idParam: string, form: SaveCity): Promise<City> {
  const id = requireId(idParam, REFERENCE_MESSAGES.cityNotFound);
  const values = await cityValues(db, form, id);
  const city = await saving('city', REFERENCE_MESSAGES.cityExists, () => repo.updateCity(db, id, values));
  if (!city) throw notFound(REFERENCE_MESSAGES.cityNotFound);
  return city;
}

export async function deleteCity(db: Db, idParam: string): Promise<void> {
  const id = requireId(idParam, REFERENCE_MESSAGES.cityNotFound);
  await refuseInUse(db, 'cityId', id, REFERENCE_MESSAGES.cityInUse);
  if (!(await repo.deleteCity(db, id))) throw notFound(REFERENCE_MESSAGES.cityNotFound);
}
