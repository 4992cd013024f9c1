import { atom, getDefaultStore } from 'jotai';
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  Route,
} from '@autoradar/contract';
import { buildPath } from '@autoradar/contract/build-path';
import { ApiError, readErrorBody } from './api-error';
import { clearStoredToken, readStoredToken } from './token-storage';

/** `{}` without the lint rule against empty object types. */
type Empty = Record<never, never>;

/** An input key the endpoint does not declare cannot be passed. */
type Absent<K extends string> = { [P in K]?: never };

/** Params and body are required once declared (a POST with `{}` still sends `{}`), unless the schema allows undefined. */
type Declared<K extends string, T> = [T] extends [undefined]
  ? Absent<K>
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** A query is optional when every key in it is. */
type QueryField<T> = [T] extends [undefined] ? Absent<'query'> : Empty extends T ? { query?: T } : { query: T };

export type CallInput<E> = Declared<'params', EndpointParams<E>> &
  QueryField<EndpointQuery<E>> &
  Declared<'body', EndpointBody<E>> & { signal?: AbortSignal | undefined };

/** The input argument may be left out only when nothing in it is required. */
type CallArgs<E> = Empty extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Calls the endpoint a route of the contract names (`routes.posts.search`); the answer is typed by the contract. */
export type Call = <E extends EndpointDefinition>(
  endpoint: Route<E>,
  ...args: CallArgs<E>
) => Promise<EndpointResponse<E>>;

export interface ApiClientOptions {
  /** Origin the paths are resolved against; '' (the page's own origin) in the apps. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | undefined;
  /** A 401 means the stored token is no longer valid (spec §8: it clears the session). */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  /** Told when a call starts and when it settles (the app's loading indicator counts them). */
  onRequestStart?: () => void;
  onRequestEnd?: () => void;
}

/** The request's query string from the call's query, leaving out absent values. */
function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value != null) search.append(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * One client over `fetch` for every call of the contract; returns `call`. A few lines over the platform's fetch
 * rather than ky (issue 32): the client used nothing of ky that fetch lacks (no retries, no hooks but the bearer), and
 * ky's ~4.5 kB brotli sat on every first screen.
 */
export function createApiClient(options: ApiClientOptions = {}): { call: Call } {
  const { baseUrl = '', getToken, onUnauthorized, onRequestStart, onRequestEnd } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch: typeof fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));

  /** fetch with the app's headers and the bearer; failures are shown with a retry button, so no silent retries. */
  const request = async (url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept', 'application/json');
    const token = getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The caller's signal cancels; the timeout fails as no answer (an ApiError), never as a cancel.
    const controller = new AbortController();
    const cancel = () => controller.abort(signal?.reason);
    if (signal?.aborted) cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await doFetch(url, { ...init, headers, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new ApiError(null, null, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  };

  const send = async (endpoint: Route, input: CallInput<EndpointDefinition>): Promise<unknown> => {
    const { params, query, body, signal } = input as {
      params?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
    };
    const path = params ? buildPath(endpoint.path, params as Record<string, string | number>) : endpoint.path;
    const init: RequestInit =
      body instanceof FormData
        ? { method: endpoint.method, body }
        : body !== undefined
          ? { method: endpoint.method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
          : { method: endpoint.method };

    let response: Response;
    try {
      response = await request(baseUrl + path + queryString(query), init, signal);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw error; // the caller cancelled
      throw new ApiError(null, null, { cause: error });
    }

    if (!response.ok) {
      if (response.status === 401) onUnauthorized?.();
      throw new ApiError(response.status, await readErrorBody(response));
    }
    if (response.status === 204) return undefined;
    if (endpoint.html) return response.text();
    try {
      return await response.json();
    } catch (error) {
      // A 200 that is not JSON is an answer from something other than the API (a captive portal, a proxy).
      throw new ApiError(response.status, null, { cause: error });
    }
  };

  const call = async (endpoint: Route, input: CallInput<EndpointDefinition> = {}): Promise<unknown> => {
    onRequestStart?.();
    try {
      return await send(endpoint, input);
    } finally {
      onRequestEnd?.();
    }
  };

  return { call: call as Call };
}

const inFlightCountAtom = atom(0);

/** How many calls of the apps' client are under way; the top bar's loading indicator shows while it is above 0. */
export const requestsInFlightAtom = atom((get) => get(inFlightCountAtom));

/** The apps' client: same origin, the stored token, a 401 forgets it, and every call is counted while in flight. */
export const { call } = createApiClient({
  getToken: readStoredToken,
  onUnauthorized: clearStoredToken,
  onRequestStart: () => getDefaultStore().set(inFlightCountAtom, (count) => count + 1),
  onRequestEnd: () => getDefaultStore().set(inFlightCountAtom, (count) => Math.max(0, count - 1)),
});
