import { TICKER_PAIRS } from '@autoradar/core';
import { describe, expect, it } from 'vitest';
import { ErrorSchema } from './errors';
import { RatesResponseSchema, ratesEndpoints } from './rates';

const answer = (over: Record<string, unknown> = {}) => ({
  data: TICKER_PAIRS.map((pair) => ({ pair, value: 90.1234, fetchedAt: '2026-03-10T12:00:00.000Z', ...over })),
});

describe('rates', () => {
  it('is a guest GET of /api/rates answering the ticker pairs', () => {
    expect(ratesEndpoints.get).toMatchObject({ method: 'GET', path: '/api/rates', auth: 'guest' });
    expect(ratesEndpoints.get.responses[200]).toBe(RatesResponseSchema);
    expect(ratesEndpoints.get.responses[500]).toBe(ErrorSchema);
    expect(RatesResponseSchema.parse(answer())).toEqual(answer());
  });

  it('lets a value be null before any provider answered', () => {
    expect(RatesResponseSchema.safeParse(answer({ value: null, fetchedAt: null })).success).toBe(true);
  });

  it('rejects pairs the ticker does not show and values that are not prices', () => {
    expect(RatesResponseSchema.safeParse(answer({ pair: 'GBP/RUB' })).success).toBe(false);
    expect(RatesResponseSchema.safeParse(answer({ value: 0 })).success).toBe(false);
    expect(RatesResponseSchema.safeParse(answer({ value: '92,50' })).success).toBe(false);
    expect(RatesResponseSchema.safeParse(answer({ fetchedAt: 'вчера' })).success).toBe(false);
  });
});
