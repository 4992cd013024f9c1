import { z } from 'zod';
import { RatesProviderError } from './cbr.client';

// CoinGecko's public API v3, "Coin Price by IDs" (https://docs.coingecko.com/reference/simple-price):
//   GET /simple/price?ids=bitcoin&vs_currencies=usd  ->  { "bitcoin": { "usd": 67187.33 } }
// Free without a key at a few calls a minute, which once a minute per instance stays within. The base URL is
// configuration (RATES_CRYPTO_URL, default https://api.coingecko.com/api/v3).

export const COINGECKO_PRICE_PATH = '/simple/price';

const SimplePriceSchema = z.object({ bitcoin: z.object({ usd: z.number().positive() }) });

/** The price of one bitcoin in US dollars. */
export async function fetchBtcUsd(baseUrl: string, timeoutMs: number): Promise<number> {
  const url = new URL(`${baseUrl}${COINGECKO_PRICE_PATH}`);
  url.search = new URLSearchParams({ ids: 'bitcoin', vs_currencies: 'usd' }).toString();
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new RatesProviderError(`CoinGecko: HTTP ${res.status}`);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RatesProviderError('CoinGecko: the answer is not JSON');
  }
  const parsed = SimplePriceSchema.safeParse(body);
  if (!parsed.success) throw new RatesProviderError('CoinGecko: no bitcoin price in the answer');
  return parsed.data.bitcoin.usd;
}
