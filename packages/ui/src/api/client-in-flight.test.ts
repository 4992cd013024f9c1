import { routes } from '@autoradar/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';

// The top bar's loading indicator counts calls in flight: every call is counted once, answered, failed or dropped.
describe('call: requests in flight', () => {
  it('counts a call from its start until it settles, also when it fails or has no answer', async () => {
    let inFlight = 0;
    const seen: number[] = [];
    let release: (response: Response) => void = () => undefined;
    let answers = 0;
    const fetch = (() => {
      answers++;
      if (answers === 1) return new Promise<Response>((resolve) => (release = resolve));
      if (answers === 2) return Promise.resolve(new Response('{}', { status: 500 }));
      return Promise.reject(new TypeError('Failed to fetch'));
    }) as typeof globalThis.fetch;
    const { call } = createApiClient({
      baseUrl: 'http://api.test',
      fetch,
      onRequestStart: () => seen.push(++inFlight),
      onRequestEnd: () => seen.push(--inFlight),
    });

    const slow = call(routes.rates.get);
    await Promise.resolve();
    expect(inFlight).toBe(1);
    await expect(call(routes.rates.get)).rejects.toBeInstanceOf(ApiError);
    await expect(call(routes.rates.get)).rejects.toMatchObject({ status: null });
    expect(inFlight).toBe(1); // the slow one is still under way
    release(new Response(JSON.stringify({ data: [] }), { headers: { 'Content-Type': 'application/json' } }));
    await slow;
    expect(inFlight).toBe(0);
    expect(seen).toEqual([1, 2, 1, 2, 1, 0]);
  });
});
