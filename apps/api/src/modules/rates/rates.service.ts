import { TICKER_PAIRS, type TickerPair } from '@autoradar/core';
import type { RatesResponse } from '@autoradar/contract';
import { fetchCbrDaily } from './cbr.client';
import { fetchBtcUsd } from './coingecko.client';

// The currency ticker's rates (DESIGN.md §7): read from the providers by the server at most once a minute whatever
// the number of users, kept in memory, shared by concurrent requests. A provider that fails keeps its last good
// values (null before the first success); the answer is always the four pairs, never an error.

/** How long fetched rates are served before the providers are asked again (failures included, so none is hammered). */
export const RATES_MAX_AGE_MS = 60_000;
/** One provider call's limit; a provider that hangs leaves its last values. */
export const RATES_TIMEOUT_MS = 5_000;

export interface RatesSettings {
  /** RATES_CBR_URL: the Bank of Russia's site, without /scripts/XML_daily.asp. */
  cbrUrl: string;
  /** RATES_CRYPTO_URL: CoinGecko API v3's base, without /simple/price. */
  cryptoUrl: string;
}

export interface RatesServiceDeps extends RatesSettings {
  clock: () => Date;
  timeoutMs?: number;
  maxAgeMs?: number;
  /** Told when a provider fails (the app's logger); the answer itself never shows it. */
  onProviderError?: (provider: 'cbr' | 'crypto', error: unknown) => void;
}

interface Provider {
  name: 'cbr' | 'crypto';
  fetch: () => Promise<Partial<Record<TickerPair, number>>>;
}

export interface RatesService {
  current(): Promise<RatesResponse>;
}

export function createRatesService(deps: RatesServiceDeps): RatesService {
  const { clock, timeoutMs = RATES_TIMEOUT_MS, maxAgeMs = RATES_MAX_AGE_MS } = deps;
  const providers: Provider[] = [
    {
      name: 'cbr',
      fetch: async () => {
        const rub = await fetchCbrDaily(deps.cbrUrl, timeoutMs);
        return { 'USD/RUB': rub.get('USD'), 'EUR/RUB': rub.get('EUR'), 'CNY/RUB': rub.get('CNY') };
      },
    },
    { name: 'crypto', fetch: async () => ({ 'BTC/USD': await fetchBtcUsd(deps.cryptoUrl, timeoutMs) }) },
  ];

  const known = new Map<TickerPair, { value: number; fetchedAt: Date }>();
  let askedAt: number | null = null;
  let inFlight: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    await Promise.all(
      providers.map(async (provider) => {
        try {
          const values = await provider.fetch();
          const fetchedAt = clock();
          for (const [pair, value] of Object.entries(values) as [TickerPair, number | undefined][]) {
            // A currency missing from an otherwise good document keeps its previous value too.
            if (value !== undefined) known.set(pair, { value, fetchedAt });
          }
        } catch (error) {
          deps.onProviderError?.(provider.name, error);
        }
      }),
    );
  }

  return {
    async current() {
      const now = clock().getTime();
      // A clock that went back (a corrected system clock) counts as stale rather than freezing the rates.
      const stale = askedAt === null || now - askedAt >= maxAgeMs || now < askedAt;
      if (stale && !inFlight) {
        askedAt = now;
        inFlight = refresh().finally(() => {
          inFlight = null;
        });
      }
      if (inFlight) await inFlight;
      return {
        data: TICKER_PAIRS.map((pair) => {
          const rate = known.get(pair);
          return { pair, value: rate?.value ?? null, fetchedAt: rate?.fetchedAt.toISOString() ?? null };
        }),
      };
    },
  };
}
