import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { modelsMapAtom, rememberModelsAtom } from '../../../store/posts-store';
import { fetchBrandsByIds, fetchCitiesByIds, fetchModelsByIds } from '../../../api/reference';
import type { FeedCriteria } from '../filter-rules';
import { knownBrandsAtom, knownCitiesAtom, rememberBrandsAtom, rememberCitiesAtom } from '../state';

export interface SelectionNames {
  brands: string[];
  /** How many brands the user chose: brands of one name count once. */
  brandCount: number;
  models: string[];
  cities: string[];
}

/**
 * The names of the applied brands, models and cities for the chips. What a reload or a saved filter brings without
 * its names is loaded by id; a failure only leaves the chip showing a count (spec §8: reference failures are logged).
 */
export function useSelectionNames(criteria: FeedCriteria): SelectionNames {
  const brands = useAtomValue(knownBrandsAtom);
  const models = useAtomValue(modelsMapAtom);
  const cities = useAtomValue(knownCitiesAtom);
  const rememberBrands = useSetAtom(rememberBrandsAtom);
  const rememberModels = useSetAtom(rememberModelsAtom);
  const rememberCities = useSetAtom(rememberCitiesAtom);

  const missingBrands = criteria.brands.filter((id) => !brands.has(id)).join(',');
  const missingModels = criteria.models.filter((id) => !models.has(id)).join(',');
  const missingCities = criteria.cities.filter((id) => !cities.has(id)).join(',');

  useEffect(() => load(missingBrands, fetchBrandsByIds, rememberBrands), [missingBrands, rememberBrands]);
  useEffect(() => load(missingModels, fetchModelsByIds, rememberModels), [missingModels, rememberModels]);
  useEffect(() => load(missingCities, fetchCitiesByIds, rememberCities), [missingCities, rememberCities]);

  // A name chosen under two brands (BMW cars and motorcycles) is one choice for the user.
  const brandNames = [...new Set(criteria.brands.flatMap((id) => brands.get(id)?.name ?? []))];
  return {
    brands: brandNames,
    brandCount: criteria.brands.length - (criteria.brands.filter((id) => brands.has(id)).length - brandNames.length),
    models: criteria.models.flatMap((id) => models.get(id)?.name ?? []),
    cities: criteria.cities.flatMap((id) => cities.get(id)?.city ?? []),
  };
}

function load<T>(
  ids: string,
  fetch: (ids: number[], signal: AbortSignal) => Promise<T[]>,
  remember: (items: T[]) => void,
): (() => void) | undefined {
  if (ids === '') return undefined;
  const controller = new AbortController();
  fetch(ids.split(',').map(Number), controller.signal).then(
    (items) => {
      if (!controller.signal.aborted) remember(items);
    },
    (error: unknown) => {
      if (!controller.signal.aborted) console.warn('names of the selection not loaded', error);
    },
  );
  return () => controller.abort();
}
