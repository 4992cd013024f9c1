import { TICKER_PAIRS } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerList, DateTimeSchema } from './fields';
import { named } from './schema-names';

/**
 * One pair of the currency ticker. `value` is how many units of the second currency one unit of the first costs
 * (USD/RUB 92.5 = one dollar costs 92.5 roubles), unrounded: the ticker shows two decimals (core TICKER_FRACTION_DIGITS).
 * null when no provider has answered yet, which the ticker shows as the word error. `fetchedAt` is when this value
 * was fetched; a provider that fails keeps its last good value, so it can be older than a minute.
 */
export const RateSchema = named(
  'Rate',
  z.object({
    pair: z.enum(TICKER_PAIRS),
    value: z.number().positive().nullable(),
    fetchedAt: DateTimeSchema.nullable(),
  }),
);
export type Rate = z.infer<typeof RateSchema>;

/** Always the four pairs of core TICKER_PAIRS, in that order. */
export const RatesResponseSchema = named(
  'RatesResponse',
  z.object({ data: answerList(RateSchema, TICKER_PAIRS.length) }),
);
export type RatesResponse = z.infer<typeof RatesResponseSchema>;

export const ratesEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/rates',
    summary: 'Exchange rates for the currency ticker (Bank of Russia and a crypto price API, cached for a minute)',
    auth: 'guest',
    responses: { 200: RatesResponseSchema },
  }),
};
