import { COINGECKO_PRICE_PATH } from '../coingecko.client';
import { startFakeProvider, type FakeProvider } from './fake-provider';

// CoinGecko API v3's /simple/price on 127.0.0.1 (https://docs.coingecko.com/reference/simple-price): a map keyed
// by coin id, then by vs currency; unknown ids are left out; a missing vs_currencies is a 400.

export const DEFAULT_BTC_USD = 67_187.33;

export interface FakeCoinGecko extends FakeProvider {
  /** Dollars per bitcoin from now on. */
  setPrice(usd: number): void;
}

export async function startFakeCoinGecko(opts: { port?: number; price?: number } = {}): Promise<FakeCoinGecko> {
  let price = opts.price ?? DEFAULT_BTC_USD;
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });
  const fake = await startFakeProvider({
    port: opts.port,
    prefix: '/api/v3',
    answer: (path, query) => {
      if (path !== COINGECKO_PRICE_PATH) return null;
      const ids = (query.get('ids') ?? '').split(',');
      const vs = (query.get('vs_currencies') ?? '').split(',').filter((v) => v !== '');
      if (vs.length === 0) return json(400, { error: 'Missing parameter vs_currencies' });
      const prices: Record<string, number> = { usd: price, eur: Math.round(price * 0.92 * 100) / 100 };
      const answer: Record<string, Record<string, number>> = {};
      if (ids.includes('bitcoin'))
        answer.bitcoin = Object.fromEntries(vs.filter((v) => v in prices).map((v) => [v, prices[v]!]));
      return json(200, answer);
    },
    // What a rate-limited proxy or a changed API could answer: JSON, but not the price map.
    garbage: { status: 200, contentType: 'application/json; charset=utf-8', body: '{"status":{"error_code":429}}' },
  });
  return {
    ...fake,
    setPrice(usd) {
      price = usd;
    },
  };
}
