import { atom } from 'jotai';
import type { Brand, City } from '@autoradar/contract';
import { keepModelsOfBrands } from '@autoradar/core';
import { callFamily } from '../../api/atom-with-call';
import { fetchModels } from '../../api/reference';
import { modelsMapAtom, postsStoreAtom, updatePostsStoreAtom } from '../../store/posts-store';

// What the filter dialogs choose from and apply (spec §4): the models of the chosen brands, the names met so far, and
// a brand or model selection applied to the posts store with the rules that tie the two together.

/** The models of the chosen brands, keyed by the sorted brand ids ('3,7'); each brand's list is the shared one. */
export const modelsOfBrandsAtom = callFamily(
  async (key, signal) => {
    const brandIds = key.split(',').filter(Boolean).map(Number);
    const lists = await Promise.all(brandIds.map((id) => fetchModels(id, signal)));
    return lists.flat();
  },
  { retain: true },
);

export const brandsKey = (brands: readonly number[]) => [...brands].sort((a, b) => a - b).join(',');

/** Names of selected brands and cities met so far (lists and by-id loads), for the chips. */
export const knownBrandsAtom = atom<ReadonlyMap<number, Brand>>(new Map());
export const knownCitiesAtom = atom<ReadonlyMap<number, City>>(new Map());

function remember<T extends { id: number }>(known: ReadonlyMap<number, T>, items: readonly T[]) {
  if (items.every((item) => known.get(item.id) === item)) return known;
  const next = new Map(known);
  for (const item of items) next.set(item.id, item);
  return next;
}

export const rememberBrandsAtom = atom(null, (get, set, brands: readonly Brand[]) => {
  const next = remember(get(knownBrandsAtom), brands);
  if (next !== get(knownBrandsAtom)) set(knownBrandsAtom, next);
});
export const rememberCitiesAtom = atom(null, (get, set, cities: readonly City[]) => {
  const next = remember(get(knownCitiesAtom), cities);
  if (next !== get(knownCitiesAtom)) set(knownCitiesAtom, next);
});

/** Applies a brand selection; the models of brands no longer chosen go with them (spec §4). */
export const applyBrandsAtom = atom(null, (get, set, brands: readonly number[]) => {
  const { models } = get(postsStoreAtom);
  const map = get(modelsMapAtom);
  const known = models.flatMap((id) => {
    const model = map.get(id);
    return model ? [model] : [];
  });
  const keptKnown = new Set(keepModelsOfBrands(known, brands).map((model) => model.id));
  // A model not loaded yet cannot be checked; with no brand left every model goes.
  const kept = brands.length === 0 ? [] : models.filter((id) => !map.has(id) || keptKnown.has(id));
  set(updatePostsStoreAtom, { brands: [...brands], models: kept });
});

/**
 * Applies a model selection. A brand name can stand for two brands (BMW cars and motorcycles, chosen together in the
 * brands dialog); once models of one of them are chosen, its namesakes without chosen models are dropped, or the
 * search would still match every model of theirs (core's matchFilter: a brand without chosen models matches any).
 */
export const applyModelsAtom = atom(null, (get, set, models: readonly number[]) => {
  const { brands } = get(postsStoreAtom);
  const known = get(knownBrandsAtom);
  const map = get(modelsMapAtom);
  const withModels = new Set(models.flatMap((id) => map.get(id)?.car_brand_id ?? []));
  const nameOf = (id: number) => known.get(id)?.name;
  const kept = brands.filter(
    (id) =>
      withModels.has(id) ||
      !brands.some(
        (other) => other !== id && withModels.has(other) && nameOf(other) !== undefined && nameOf(other) === nameOf(id),
      ),
  );
  set(updatePostsStoreAtom, { models: [...models], brands: kept });
});

/** The user's saved filters (loaded when the selector shows). */
