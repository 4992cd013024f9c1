import type {
  Brand,
  City,
  Configuration,
  EndpointBody,
  EndpointDefinition,
  Generation,
  Route,
  RouteEndpoint,
  Model,
  Order,
  OrderPart,
  Partner,
  Prompt,
  Source,
  SourceDetail,
} from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';
import { fetchConfigurations, fetchGenerations } from '../../api/reference';

// The admin screens' calls (spec §7 reference data and partners). Each takes the app's client by default and another
// in tests; failures reach the caller as ApiError.

/**
 * A multipart body: the client sends a FormData as it is (multipart/form-data), so the endpoint's declared fields are
 * put into one. Empty values are left out, as an HTML form leaves out a file input with no file.
 */
function multipart<E extends EndpointDefinition>(_endpoint: Route<E>, fields: Record<string, string | Blob | null>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  return form as unknown as EndpointBody<E>;
}

// --- reference data (the lists are read through api/reference.ts) ---

export interface ModelDetails {
  generations: Generation[];
  configurations: Configuration[];
}

export async function fetchModelDetails(
  modelId: string,
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<ModelDetails> {
  const [generations, configurations] = await Promise.all([
    fetchGenerations(Number(modelId), signal, call),
    fetchConfigurations(Number(modelId), signal, call),
  ]);
  return { generations, configurations };
}

export type BrandBody = EndpointBody<RouteEndpoint<typeof routes.reference.createBrand>>;
export type ModelBody = EndpointBody<RouteEndpoint<typeof routes.reference.createModel>>;
export type CityBody = EndpointBody<RouteEndpoint<typeof routes.reference.createCity>>;

const idParams = (id: number) => ({ params: { id: String(id) } });
const dataOf = async <T>(answer: Promise<{ data: T }>): Promise<T> => (await answer).data;
const r = routes.reference;

/** POST for a new row (id null), else PUT of that row; the answer is the row as saved. */
export const saveBrand = (id: number | null, body: BrandBody, call: Call = appCall): Promise<Brand> =>
  dataOf(id === null ? call(r.createBrand, { body }) : call(r.updateBrand, { ...idParams(id), body }));
export const saveModel = (id: number | null, body: ModelBody, call: Call = appCall): Promise<Model> =>
  dataOf(id === null ? call(r.createModel, { body }) : call(r.updateModel, { ...idParams(id), body }));
export const saveCity = (id: number | null, body: CityBody, call: Call = appCall): Promise<City> =>
  dataOf(id === null ? call(r.createCity, { body }) : call(r.updateCity, { ...idParams(id), body }));

export const deleteBrand = (id: number, call: Call = appCall) => call(r.deleteBrand, idParams(id)).then(() => {});
export const deleteModel = (id: number, call: Call = appCall) => call(r.deleteModel, idParams(id)).then(() => {});
export const deleteCity = (id: number, call: Call = appCall) => call(r.deleteCity, idParams(id)).then(() => {});

// --- partners ---

export async function fetchPartners(signal?: AbortSignal, call: Call = appCall): Promise<Partner[]> {
  return (await call(routes.partners.list, { signal })).data;
}

export async function fetchPartner(id: string, signal?: AbortSignal, call: Call = appCall): Promise<Partner> {
  return (await call(routes.partners.get, { params: { id }, signal })).data;
}

export interface PartnerFields {
  title: string;
  url: string;
  description: string;
  /** A newly chosen file, the stored logo's address (kept), or none. */
  logo: File | string | null;
}

/** POST /api/partners, or POST /api/partners/{id} with _method PUT (spec §7), both multipart. */
export async function savePartner(id: string | null, fields: PartnerFields, call: Call = appCall): Promise<Partner> {
  const { title, url, description, logo } = fields;
  if (id === null) {
    const endpoint = routes.partners.create;
    // A new partner has no stored logo to keep: only a file is sent.
    const file = logo instanceof File ? logo : null;
    return (await call(endpoint, { body: multipart(endpoint, { title, url, description, logo: file }) })).data;
  }
  const endpoint = routes.partners.update;
  const body = multipart(endpoint, { _method: 'PUT', title, url, description, logo });
  return (await call(endpoint, { params: { id }, body })).data;
}

export type PromptBody = EndpointBody<RouteEndpoint<typeof routes.partners.createPrompt>>;

export async function fetchPrompts(partnerId: string, signal?: AbortSignal, call: Call = appCall): Promise<Prompt[]> {
  return (await call(routes.partners.prompts, { params: { id: partnerId }, signal })).data;
}

export async function fetchPrompt(
  partnerId: string,
  promptId: string,
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<Prompt> {
  return (await call(routes.partners.prompt, { params: { id: partnerId, promptId }, signal })).data;
}

export async function savePrompt(
  partnerId: string,
  promptId: string | null,
  body: PromptBody,
  call: Call = appCall,
): Promise<Prompt> {
  const answer =
    promptId === null
      ? await call(routes.partners.createPrompt, { params: { id: partnerId }, body })
      : await call(routes.partners.updatePrompt, { params: { id: partnerId, promptId }, body });
  return answer.data;
}

export async function deletePrompt(partnerId: string, promptId: string, call: Call = appCall): Promise<void> {
  await call(routes.partners.deletePrompt, { params: { id: partnerId, promptId } });
}

export async function fetchOrders(partnerId: string, signal?: AbortSignal, call: Call = appCall): Promise<Order[]> {
  return (await call(routes.partners.orders, { params: { id: partnerId }, signal })).data;
}

export async function createOrder(partnerId: string, vin: string, call: Call = appCall): Promise<Order> {
  const body = { string: vin, partner_id: Number(partnerId) };
  return (await call(routes.partners.createOrder, { params: { id: partnerId }, body })).data;
}

export interface OrderDetail {
  order: Order;
  parts: OrderPart[];
}

/** The address of one order of a partner. */
const orderParams = (partnerId: string, orderId: string, signal?: AbortSignal) => ({
  params: { id: partnerId, orderId },
  signal,
});

export const fetchOrder = (partnerId: string, orderId: string, signal?: AbortSignal, call: Call = appCall) =>
  call(routes.partners.order, orderParams(partnerId, orderId, signal)) satisfies Promise<OrderDetail>;

/** Asks the provider again for the sections that failed; the answer is the order as it stands. */
export const refreshOrder = (partnerId: string, orderId: string, signal?: AbortSignal, call: Call = appCall) =>
  call(routes.partners.refreshOrder, orderParams(partnerId, orderId, signal)) satisfies Promise<OrderDetail>;

/** The report file of a completed order (GET …/download), as the API stored it. */
export const downloadReport = (partnerId: string, orderId: string, call: Call = appCall): Promise<Order> =>
  call(routes.partners.downloadOrder, orderParams(partnerId, orderId));

// --- sources («Источники», issue 28) ---

export async function fetchSources(signal?: AbortSignal, call: Call = appCall): Promise<Source[]> {
  return (await call(routes.sources.list, { signal })).data;
}

export async function fetchSource(id: string, signal?: AbortSignal, call: Call = appCall): Promise<SourceDetail> {
  return (await call(routes.sources.get, { params: { id }, signal })).data;
}

export type AddSourceBody = EndpointBody<RouteEndpoint<typeof routes.sources.add>>;

export async function addSource(body: AddSourceBody, call: Call = appCall): Promise<Source> {
  return (await call(routes.sources.add, { body })).data;
}

/** Pauses or resumes a source; the answer is the source as it stands. */
export async function setSourcePaused(id: number, paused: boolean, call: Call = appCall): Promise<Source> {
  const answer = paused
    ? await call(routes.sources.pause, idParams(id))
    : await call(routes.sources.resume, idParams(id));
  return answer.data;
}

export const removeSource = (id: number, call: Call = appCall) =>
  call(routes.sources.remove, idParams(id)).then(() => {});
