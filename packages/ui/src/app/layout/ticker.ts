import { useEffect, useState } from 'react';
import type { RatesResponse } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import {
  formatRate,
  MESSAGES,
  TICKER_PAIRS,
  TICKER_REFRESH_MS,
  TICKER_ROTATE_MS,
  type TickerPair,
} from '@autoradar/core';
import { call } from '../../api/client';

export interface TickerItem {
  pair: TickerPair;
  /** Two decimals ('81,23'), the word error (spec §8), or null while the first answer is awaited. */
  text: string | null;
}

export type RatesAnswer = { kind: 'pending' } | { kind: 'loaded'; data: RatesResponse } | { kind: 'failed' };

/** Spec §8: a failed call makes every value the word error; a pair the server has no value for is one too. */
export function tickerItems(answer: RatesAnswer): TickerItem[] {
  return TICKER_PAIRS.map((pair) => {
    if (answer.kind === 'pending') return { pair, text: null };
    if (answer.kind === 'failed') return { pair, text: MESSAGES.tickerError };
    const value = answer.data.data.find((rate) => rate.pair === pair)?.value ?? null;
    return { pair, text: value === null ? MESSAGES.tickerError : formatRate(value) };
  });
}

export function fetchRates(signal: AbortSignal): Promise<RatesResponse> {
  return call(routes.rates.get, { signal });
}

/**
 * The ticker's data (spec §9): GET /api/rates at once and every 60 s; the shown pair moves on every 5 s. A refresh
 * that fails turns every value into error until one succeeds.
 */
export function useTicker(load: (signal: AbortSignal) => Promise<RatesResponse> = fetchRates): {
  items: TickerItem[];
  current: number;
} {
  const [answer, setAnswer] = useState<RatesAnswer>({ kind: 'pending' });
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      load(mine.signal).then(
        (data) => {
          if (!mine.signal.aborted) setAnswer({ kind: 'loaded', data });
        },
        () => {
          if (!mine.signal.aborted) setAnswer({ kind: 'failed' });
        },
      );
    };
    refresh();
    const timer = setInterval(refresh, TICKER_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [load]);

  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % TICKER_PAIRS.length), TICKER_ROTATE_MS);
    return () => clearInterval(timer);
  }, []);

  return { items: tickerItems(answer), current };
}
