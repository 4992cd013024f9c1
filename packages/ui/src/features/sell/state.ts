import { atomWithCall, callFamily } from '../../api/atom-with-call';
import {
  fetchBrands,
  fetchCarData,
  fetchCities,
  fetchConfigurations,
  fetchDraft,
  fetchGenerations,
  fetchModels,
  type CarSelection,
} from './api';

/** The user's open draft, loaded afresh on every visit to /new (another device may have changed it). */
export const draftAtom = atomWithCall((signal) => fetchDraft(signal));

// Reference lists change only when an admin edits them: kept for the visit after the first load. Spec §8: their
// failures are silent and leave the lists empty, so the pickers read only `loaded` states.
export const brandsAtom = atomWithCall((signal) => fetchBrands(signal), { retain: true });
export const modelsFamily = callFamily((brandId, signal) => fetchModels(Number(brandId), signal), { retain: true });
export const generationsFamily = callFamily((modelId, signal) => fetchGenerations(Number(modelId), signal), {
  retain: true,
});
export const configurationsFamily = callFamily((modelId, signal) => fetchConfigurations(Number(modelId), signal), {
  retain: true,
});
export const citiesAtom = atomWithCall((signal) => fetchCities(signal), { retain: true });

/** The names of a chosen car (POST /api/car-data), keyed by the four ids joined with ':'. */
export const carDataFamily = callFamily(
  (key, signal) => {
    const [brand, model, generation, configuration] = key.split(':').map((part) => (part ? Number(part) : null));
    const selection: CarSelection = {
      brand_id: brand ?? 0,
      model_id: model ?? 0,
      generation_id: generation ?? null,
      configuration_id: configuration ?? null,
    };
    return fetchCarData(selection, signal);
  },
  { retain: true },
);

export const carDataKey = (s: CarSelection) =>
  [s.brand_id, s.model_id, s.generation_id ?? '', s.configuration_id ?? ''].join(':');
