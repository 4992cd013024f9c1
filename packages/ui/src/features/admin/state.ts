import type { Brand, City, Model, Order, Partner, Prompt, Source, SourceDetail } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { atomWithCall, callFamily } from '../../api/atom-with-call';
import { fetchBrands, fetchCities, fetchModels } from '../../api/reference';
import {
  fetchModelDetails,
  fetchOrder,
  fetchOrders,
  fetchPartner,
  fetchPartners,
  fetchPrompt,
  fetchPrompts,
  fetchSource,
  fetchSources,
  type ModelDetails,
  type OrderDetail,
} from './api';

// The admin screens' calls as call atoms (docs/decisions.md, "Loading state"). Spec §8: a partner that cannot be
// loaded says 'Не удалось загрузить данные партнера', every other load 'Не удалось загрузить данные'.

const loadFailed = () => MESSAGES.loadFailed;
const partnerLoadFailed = () => MESSAGES.partnerLoadFailed;
const isEmptyList = (list: readonly unknown[]) => list.length === 0;
const list = { describeError: loadFailed, isEmpty: isEmptyList };

export const brandsAtom = atomWithCall<Brand[]>((signal) => fetchBrands(signal), list);
export const citiesAtom = atomWithCall<City[]>((signal) => fetchCities(signal), list);
/** The models of one brand, keyed by the brand's id. */
export const modelsFamily = callFamily<Model[]>((brandId, signal) => fetchModels(Number(brandId), signal), list);
/** A model's generations and configurations, keyed by the model's id. */
export const modelDetailsFamily = callFamily<ModelDetails>((modelId, signal) => fetchModelDetails(modelId, signal), {
  describeError: loadFailed,
});

export const partnersAtom = atomWithCall<Partner[]>((signal) => fetchPartners(signal), list);
export const partnerFamily = callFamily<Partner>((id, signal) => fetchPartner(id, signal), {
  describeError: partnerLoadFailed,
});

/** Keys of the families below that need two ids: `${partnerId}/${childId}`. */
export const pairKey = (partnerId: string, childId: string) => `${partnerId}/${childId}`;
const splitPair = (key: string): [string, string] => {
  const slash = key.indexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)];
};

export const promptsFamily = callFamily<Prompt[]>((partnerId, signal) => fetchPrompts(partnerId, signal), list);
export const promptFamily = callFamily<Prompt>((key, signal) => fetchPrompt(...splitPair(key), signal), {
  describeError: loadFailed,
});

export const ordersFamily = callFamily<Order[]>((partnerId, signal) => fetchOrders(partnerId, signal), list);
export const orderFamily = callFamily<OrderDetail>((key, signal) => fetchOrder(...splitPair(key), signal), {
  describeError: loadFailed,
});

/** «Источники»: every source with its 24-hour counters, and one source's page. */
export const sourcesAtom = atomWithCall<Source[]>((signal) => fetchSources(signal), list);
export const sourceFamily = callFamily<SourceDetail>((id, signal) => fetchSource(id, signal), {
  describeError: loadFailed,
});
