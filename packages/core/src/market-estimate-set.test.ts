import { describe, expect, it } from 'vitest';
import { estimateListing, MARKET_VERDICTS, mileageBand, type MarketListing } from './market-estimate';
import { estimateMarkets } from './market-estimate-set';

const now = new Date('2026-11-28T12:00:00Z');

/** A small deterministic generator (mulberry32), so a failure names the same market every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const REGIONS = ['Татарстан', 'Москва', 'Пермский', null] as const;

/**
 * A market built to cross every boundary of the rule: three models (one thin), years a few apart so cells overlap
 * by ±1 year, mileages around the band limits, regions with more and fewer than 8 comparables, repeated prices and
 * outliers.
 */
function constructedMarket(seed: number, size: number): MarketListing[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: size }, (_, i) => {
    const modelId = pick([7, 7, 7, 8, 8, 9]);
    const year = 2014 + Math.floor(next() * 7);
    const price =
      i % 37 === 0
        ? pick([10_000, 150_000_000])
        : i % 5 === 0
          ? 1_500_000
          : Math.round((800_000 + next() * 1_600_000 - (2022 - year) * 60_000) / 1_000) * 1_000;
    return {
      modelId,
      year,
      mileage: pick([19_999, 20_000, 49_000, 60_000, 99_999, 100_000, 250_000, 400_000]),
      price,
      region: modelId === 9 ? pick(REGIONS.slice(0, 2)) : pick(REGIONS),
      publishedAt: new Date(now.getTime() - Math.floor(next() * 89) * 86_400_000),
    };
  });
}

function bySet(listings: MarketListing[]) {
  const regions = new Map<string, number>();
  const estimates = estimateMarkets({
    length: listings.length,
    model: listings.map((l) => l.modelId!),
    year: listings.map((l) => l.year!),
    band: listings.map((l) => mileageBand(l.mileage!)),
    price: listings.map((l) => l.price!),
    region: listings.map((l) =>
      l.region === null ? -1 : (regions.get(l.region) ?? regions.set(l.region, regions.size).get(l.region)!),
    ),
  });
  return listings.map((_, i) =>
    estimates.comparables[i] === 0
      ? null
      : {
          low: estimates.low[i],
          median: estimates.median[i],
          high: estimates.high[i],
          comparables: estimates.comparables[i],
          verdict: MARKET_VERDICTS[estimates.verdict[i]!],
        },
  );
}

describe('estimateMarkets', () => {
  for (const [seed, size] of [
    [1, 300],
    [2, 700],
    [3, 1_200],
  ] as const) {
    it(`gives every listing what estimateListing gives it (constructed market ${seed}, ${size} listings)`, () => {
      const listings = constructedMarket(seed, size);
      const expected = listings.map((listing, i) =>
        estimateListing(
          listing,
          listings.filter((_, j) => j !== i),
          now,
        ),
      );
      expect(bySet(listings)).toEqual(expected);
      // The market crosses the boundaries it is built for: some listings estimated, some not; some regionally.
      const estimated = expected.filter((e) => e !== null);
      expect(estimated.length).toBeGreaterThan(size / 3);
      expect(estimated.length).toBeLessThan(size);
      expect(new Set(estimated.map((e) => e.verdict))).toEqual(new Set(MARKET_VERDICTS));
    });
  }

  it('takes a region of 8 others, else the country, and none under 8', () => {
    const at = (price: number, region: string | null, year = 2018): MarketListing => ({
      modelId: 1,
      year,
      mileage: 80_000,
      price,
      region,
      publishedAt: now,
    });
    const kazan = Array.from({ length: 9 }, (_, i) => at(1_000_000 + i * 10_000, 'Татарстан'));
    const moscow = Array.from({ length: 3 }, (_, i) => at(2_000_000 + i * 10_000, 'Москва', 2019));
    const listings = [...kazan, ...moscow, at(500_000, null, 2017)];
    const estimates = bySet(listings);
    expect(estimates[0]).toMatchObject({ comparables: 8 });
    expect(estimates[9]).toMatchObject({ comparables: 11 });
    expect(estimates[12]).toMatchObject({ comparables: 9, verdict: 'good' });
    expect(bySet(listings.slice(0, 8))).toEqual(Array(8).fill(null));
  });
});
