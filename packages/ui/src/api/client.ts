import { atom, getDefaultStore } from 'jotai';
import ky, { type KyInstance } from 'ky';
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  Route,
} from '@autoradar/contract';
import { buildPath } from '@autoradar/contract/build-path';
import { API_CLIENT_HEADERS, type EarlyCall } from '@autoradar/contract/early-calls';
import { ApiError, readErrorBody } from './api-error';
import { takeEarlyResponse } from './early-calls';
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
  /**
   * The answer to this very call that the page already asked for before the app's code ran (api/early-calls.ts,
   * issue 32); the client then reads it as it would its own.
   */
  takeEarlyResponse?: (call: EarlyCall, token: string | undefined) => Promise<Response> | undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One ky client for every call of the contract; returns `call`. */
export function createApiClient(options: ApiClientOptions = {}): { call: Call } {
  const { baseUrl = '', getToken, onUnauthorized, onRequestStart, onRequestEnd, takeEarlyResponse } = options;
  const http: KyInstance = ky.create({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // Failures are shown with a retry button; silent retries would only delay that.
    retry: 0,
    timeout: options.timeoutMs ?? 15_000,
    throwHttpErrors: false,
    headers: API_CLIENT_HEADERS,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken?.();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  const send = async (endpoint: Route, input: CallInput<EndpointDefinition>): Promise<unknown> => {
    const { params, query, body, signal } = input as {
      params?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
    };
    const path = params ? buildPath(endpoint.path, params as Record<string, string | number>) : endpoint.path;
    const searchParams = query
      ? Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] != null)
      : undefined;

    const early =
      !baseUrl && !searchParams?.length && !(body instanceof FormData)
        ? takeEarlyResponse?.(
            { method: endpoint.method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
            getToken?.(),
          )
        : undefined;

    let response: Response;
    try {
      response = await (early ??
        http(baseUrl + path, {
          method: endpoint.method,
          ...(searchParams && searchParams.length > 0
            ? { searchParams: searchParams.map(([k, v]) => [k, String(v)]) }
            : {}),
          ...(body instanceof FormData ? { body } : body !== undefined ? { json: body } : {}),
          ...(signal ? { signal } : {}),
        }));
    } catch (error) {
      if (isAbort(error)) throw error;
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
  takeEarlyResponse,
});
