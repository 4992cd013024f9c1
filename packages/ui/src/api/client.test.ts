import { routes, type Post, type RouteEndpoint, type VinFacts } from '@autoradar/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A fetch that records the request and answers with `answer`; ky calls it with a Request. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    return answer();
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const base = 'http://api.test';

describe('call', () => {
  it('fills the path from params, marks the request as XMLHttpRequest and returns the parsed answer', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { data: { id: 7, title: 'Lada Vesta' } }));
    const { call } = createApiClient({ baseUrl: base, fetch });
    const result = await call(routes.posts.get, { params: { id: '7' } });
    expect(result.data.title).toBe('Lada Vesta');
    expect(seen[0]?.url).toBe(`${base}/api/posts/7`);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends the body as JSON with the method of the contract, and the stored token as a bearer', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { data: [] }));
    const { call } = createApiClient({ baseUrl: base, fetch, getToken: () => 'tok-123' });
    await call(routes.posts.featured, { body: {} });
    expect(seen[0]?.url).toBe(`${base}/api/ck00p/posts`);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBe('{}');
    expect(seen[0]?.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('puts the query in the search string, leaving out absent values', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { data: [] }));
    const { call } = createApiClient({ baseUrl: base, fetch });
    await call(routes.reference.brands, { query: { popular: 'true' } });
    await call(routes.reference.brands);
    expect(seen.map((s) => s.url)).toEqual([`${base}/api/brands?popular=true`, `${base}/api/brands`]);
  });

  it('turns an error answer into an ApiError with the envelope, and a 401 forgets the session', async () => {
    let unauthorized = 0;
    const { fetch } = fakeFetch(() => json(404, { message: 'Объявление не найдено или снято с публикации' }));
    const { call } = createApiClient({ baseUrl: base, fetch, onUnauthorized: () => (unauthorized += 1) });
    const error = await call(routes.posts.get, { params: { id: '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Объявление не найдено или снято с публикации' });
    expect(unauthorized).toBe(0);

    const denied = createApiClient({
      baseUrl: base,
      fetch: fakeFetch(() => json(401, { message: 'Требуется авторизация' })).fetch,
      onUnauthorized: () => (unauthorized += 1),
    });
    await expect(denied.call(routes.posts.my)).rejects.toMatchObject({
      status: 401,
      message: 'Требуется авторизация',
    });
    expect(unauthorized).toBe(1);
  });

  it('keeps the field errors of a 422 and reads them the way core describes failures', async () => {
    const body = { message: 'Проверьте правильность заполнения полей', errors: { id: ['Некорректный идентификатор'] } };
    const { call } = createApiClient({ baseUrl: base, fetch: fakeFetch(() => json(422, body)).fetch });
    const error = (await call(routes.posts.get, { params: { id: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual(body);
    expect(error.failure).toEqual({ kind: 'response', status: 422, body });
  });

  it('an answer without the envelope (a proxy page) still fails with its status', async () => {
    const { call } = createApiClient({
      baseUrl: base,
      fetch: fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetch,
    });
    await expect(call(routes.posts.featured, { body: {} })).rejects.toMatchObject({ status: 502, body: null });
  });

  it('no answer at all is a network ApiError carrying the connection message', async () => {
    const { call } = createApiClient({
      baseUrl: base,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = (await call(routes.posts.featured, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
    expect(error.failure).toEqual({ kind: 'network' });
    expect(error.message).toBe('Проблемы с соединением. Проверьте интернет');
  });

  it('is typed by the contract: inputs and answers follow the endpoint, so drift fails the type check', () => {
    const { call } = createApiClient({ baseUrl: base });
    type GetAnswer = Awaited<ReturnType<typeof call<RouteEndpoint<typeof routes.posts.get>>>>;
    expectTypeOf<GetAnswer>().toEqualTypeOf<{ data: Post; vin_facts?: VinFacts | null | undefined }>();
    type FeaturedAnswer = Awaited<ReturnType<typeof call<RouteEndpoint<typeof routes.posts.featured>>>>;
    expectTypeOf<FeaturedAnswer>().toEqualTypeOf<{ data: Post[] }>();

    // These calls are never run: only the compiler reads them.
    const typeOnly = (run: boolean) => {
      if (!run) return;
      // @ts-expect-error the path parameter is required
      void call(routes.posts.get);
      // @ts-expect-error a path parameter the endpoint does not have
      void call(routes.posts.get, { params: { postId: '1' } });
      // @ts-expect-error the body is required (the spec sends an empty object)
      void call(routes.posts.featured);
      // @ts-expect-error no body on a GET
      void call(routes.posts.get, { params: { id: '1' }, body: {} });
      // @ts-expect-error a query value of the wrong type
      void call(routes.reference.brands, { query: { popular: true } });
    };
    typeOnly(false);
  });
});
