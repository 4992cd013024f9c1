import type { Brand, City, Configuration, Generation, Model } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from './client';

// The reference data of spec §7 (brands, models, generations, configurations, cities, a car's names), read by the
// search dialogs, the listing form and the admin screens alike. Each takes the app's client by default and another in
// tests; failures reach the caller as ApiError.

const r = routes.reference;
const idList = (ids: readonly number[]) => ids.join(',');

/** GET /api/brands: every brand, or only the popular ones or only the rest (the search dialog loads them apart). */
export async function fetchBrands(signal?: AbortSignal, call: Call = appCall, popular?: boolean): Promise<Brand[]> {
  const query = popular === undefined ? {} : { query: { popular: popular ? ('true' as const) : ('false' as const) } };
  return (await call(r.brands, { ...query, signal })).data;
}

/** GET /api/brands?ids=…: the brands of a stored selection (none asked for, none fetched). */
export async function fetchBrandsByIds(ids: readonly number[], signal?: AbortSignal, call: Call = appCall) {
  if (ids.length === 0) return [];
  return (await call(r.brands, { query: { ids: idList(ids) }, signal })).data satisfies Brand[];
}

/** GET /api/models?car_brand_id=…: the models of one brand. */
export async function fetchModels(brandId: number, signal?: AbortSignal, call: Call = appCall): Promise<Model[]> {
  return (await call(r.models, { query: { car_brand_id: String(brandId) }, signal })).data;
}

/** GET /api/models?ids=…: the models of a stored selection (their names and brands). */
export async function fetchModelsByIds(
  ids: readonly number[],
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<Model[]> {
  if (ids.length === 0) return [];
  return (await call(r.models, { query: { ids: idList(ids) }, signal })).data;
}

/** GET /api/models/:id/generations. */
export async function fetchGenerations(
  modelId: number,
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<Generation[]> {
  return (await call(r.generations, { params: { id: String(modelId) }, signal })).data;
}

/** GET /api/models/:id/configurations. */
export async function fetchConfigurations(
  modelId: number,
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<Configuration[]> {
  return (await call(r.configurations, { params: { id: String(modelId) }, signal })).data;
}

/** GET /api/addresses: every city (the lists are small enough to load whole). */
export async function fetchCities(signal?: AbortSignal, call: Call = appCall): Promise<City[]> {
  return (await call(r.cities, { signal })).data;
}

/** GET /api/addresses?ids=…: the cities of a stored selection. */
export async function fetchCitiesByIds(ids: readonly number[], signal?: AbortSignal, call: Call = appCall) {
  if (ids.length === 0) return [];
  return (await call(r.cities, { query: { ids: idList(ids) }, signal })).data satisfies City[];
}

export interface CarSelection {
  brand_id: number;
  model_id: number;
  generation_id: number | null;
  configuration_id: number | null;
}

/** POST /api/car-data: the names of a chosen brand, model, generation and configuration. */
export function fetchCarData(selection: CarSelection, signal?: AbortSignal, call: Call = appCall) {
  return call(r.carData, { body: selection, signal });
}
