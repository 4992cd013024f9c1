import {
  contract,
  type Brand,
  type City,
  type Filter,
  type Model,
  type Post,
  type SaveFilterRequest,
  type SearchPostsRequest,
} from '@autoradar/contract';
import { call as appCall, type Call } from '../../api/client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface FeedPage {
  posts: Post[];
  total: number;
  all: number;
}

/** POST /api/posts/search: one page of the feed, newest first, after the keyset cursor when given. */
export async function searchPosts(body: SearchPostsRequest, signal?: AbortSignal, call: Call = appCall) {
  const { data, meta } = await call(contract.posts.search, { body, ...withSignal(signal) });
  return { posts: data, total: meta.total, all: meta.all } satisfies FeedPage;
}

/** POST /api/posts/count-new: how many listings of the filter are newer than the newest one shown. */
export async function countNewPosts(
  body: Omit<SearchPostsRequest, 'older_published_at' | 'olderId' | 'newestId'> & {
    latest_published_at: string | null;
  },
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<number> {
  const { count } = await call(contract.posts.countNew, { body, ...withSignal(signal) });
  return count;
}

/** GET /api/brands?popular=true|false: the brands dialog loads the popular ones apart from the rest (spec §2). */
export async function fetchBrands(popular: boolean, signal?: AbortSignal, call: Call = appCall): Promise<Brand[]> {
  const { data } = await call(contract.reference.brands, {
    query: { popular: popular ? 'true' : 'false' },
    ...withSignal(signal),
  });
  return data;
}

/** GET /api/brands?ids=…: the names of a stored selection. */
export async function fetchBrandsByIds(ids: readonly number[], signal?: AbortSignal, call: Call = appCall) {
  if (ids.length === 0) return [];
  const { data } = await call(contract.reference.brands, { query: { ids: ids.join(',') }, ...withSignal(signal) });
  return data;
}

/** GET /api/models?car_brand_id=…: the models of one brand. */
export async function fetchModelsOfBrand(brandId: number, signal?: AbortSignal, call: Call = appCall) {
  const { data } = await call(contract.reference.models, {
    query: { car_brand_id: String(brandId) },
    ...withSignal(signal),
  });
  return data;
}

/** GET /api/models?ids=…: the models of a stored selection (their names and brands). */
export async function fetchModelsByIds(
  ids: readonly number[],
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<Model[]> {
  if (ids.length === 0) return [];
  const { data } = await call(contract.reference.models, { query: { ids: ids.join(',') }, ...withSignal(signal) });
  return data;
}

/** GET /api/addresses: every city (the cities dialog groups them by region). */
export async function fetchCities(signal?: AbortSignal, call: Call = appCall): Promise<City[]> {
  const { data } = await call(contract.reference.cities, withSignal(signal));
  return data;
}

/** GET /api/addresses?ids=…: the names of a stored selection. */
export async function fetchCitiesByIds(ids: readonly number[], signal?: AbortSignal, call: Call = appCall) {
  if (ids.length === 0) return [];
  const { data } = await call(contract.reference.cities, { query: { ids: ids.join(',') }, ...withSignal(signal) });
  return data;
}

/** GET /api/user/filters. */
export async function fetchSavedFilters(signal?: AbortSignal, call: Call = appCall): Promise<Filter[]> {
  const { data } = await call(contract.filters.list, withSignal(signal));
  return data;
}

export async function createSavedFilter(body: SaveFilterRequest, call: Call = appCall): Promise<Filter> {
  const { data } = await call(contract.filters.create, { body });
  return data;
}

export async function updateSavedFilter(id: number, body: SaveFilterRequest, call: Call = appCall): Promise<Filter> {
  const { data } = await call(contract.filters.update, { params: { id: String(id) }, body });
  return data;
}

export async function deleteSavedFilter(id: number, call: Call = appCall): Promise<void> {
  await call(contract.filters.delete, { params: { id: String(id) } });
}

export async function toggleSavedFilter(id: number, active: boolean, call: Call = appCall): Promise<Filter> {
  const { data } = await call(contract.filters.toggle, { params: { id: String(id) }, body: { active } });
  return data;
}
