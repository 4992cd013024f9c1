import { vi } from 'vitest';

// The HTTP boundary for component and state tests: a fetch that answers the contract's paths from a table, and a log
// of what was asked. Everything above it (ky client, call atoms, stores) is the real code.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeRoute = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export function stubApi(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const entry: FakeRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(entry);
    const route = routes[`${entry.method} ${entry.path}`];
    const answer = route ? await route(entry) : { status: 404, body: { message: 'Не найдено' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    /** Requests to one "METHOD /path". */
    to: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** Lets pending promises and their state updates run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
