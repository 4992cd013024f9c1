import { atomWithCall, callFamily } from '../api/atom-with-call';
import {
  fetchBrands,
  fetchCarData,
  fetchCities,
  fetchConfigurations,
  fetchGenerations,
  fetchModels,
  type CarSelection,
} from '../api/reference';

// Reference lists for the screens that choose from them (the search dialogs, the listing form). They change only
// when an admin edits them, so a list is kept for the visit after its first load (the admin screens load their own,
// fresh on each visit). Spec §8: their failures are silent, so readers show only `loaded` data.

const kept = { retain: true } as const;

export const brandsAtom = atomWithCall((signal) => fetchBrands(signal), kept);
/** The brands dialog shows the popular brands apart from the rest, and loads them apart (spec §2). */
export const popularBrandsAtom = atomWithCall((signal) => fetchBrands(signal, undefined, true), kept);
export const otherBrandsAtom = atomWithCall((signal) => fetchBrands(signal, undefined, false), kept);
export const citiesAtom = atomWithCall((signal) => fetchCities(signal), kept);

/** The models of one brand, keyed by the brand's id. */
export const modelsFamily = callFamily((brandId, signal) => fetchModels(Number(brandId), signal), kept);
/** A model's generations and its configurations, keyed by the model's id. */
export const generationsFamily = callFamily((modelId, signal) => fetchGenerations(Number(modelId), signal), kept);
export const configurationsFamily = callFamily((modelId, signal) => fetchConfigurations(Number(modelId), signal), kept);

/** The key of `carDataFamily`: the four ids joined with ':'. */
export const carDataKey = (s: CarSelection) =>
  [s.brand_id, s.model_id, s.generation_id ?? '', s.configuration_id ?? ''].join(':');

/** The names of a chosen car (POST /api/car-data), keyed by `carDataKey`. */
export const carDataFamily = callFamily((key, signal) => {
  const [brand, model, generation, configuration] = key.split(':').map((part) => (part ? Number(part) : null));
  return fetchCarData(
    {
      brand_id: brand ?? 0,
      model_id: model ?? 0,
      generation_id: generation ?? null,
      configuration_id: configuration ?? null,
    },
    signal,
  );
}, kept);
