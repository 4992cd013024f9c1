import { describe, expect, it } from 'vitest';
import {
  estimateListing,
  estimateMarket,
  marketVerdict,
  mileageBand,
  percentileCont,
  MARKET_VERDICT_LABELS,
  type MarketListing,
} from './market-estimate';

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

/** A Camry-like market: model 7, 2018, 80 000 km, Tatarstan, a week old. */
const car = (price: number, over: Partial<MarketListing> = {}): MarketListing => ({
  modelId: 7,
  year: 2018,
  mileage: 80_000,
  price,
  region: 'Татарстан',
  publishedAt: daysAgo(7),
  ...over,
});

/** Ten comparables around 2 000 000 ₽. */
const market = [
  1_800_000, 1_850_000, 1_900_000, 1_950_000, 2_000_000, 2_000_000, 2_050_000, 2_100_000, 2_150_000, 2_200_000,
];

describe('estimateMarket', () => {
  it('answers the quartiles and the median as PostgreSQL percentile_cont does', () => {
    expect(percentileCont([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(estimateMarket([100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000, 800_000])).toEqual({
      low: 275_000,
      median: 450_000,
      high: 625_000,
      comparables: 8,
    });
  });

  it('gives no estimate under 8 prices, placeholders not counted', () => {
    expect(estimateMarket(market.slice(0, 7))).toBeNull();
    expect(estimateMarket([...market.slice(0, 7), 1, 5_000])).toBeNull();
    expect(estimateMarket(market.slice(0, 8))).not.toBeNull();
  });

  it('is hardly moved by outliers: a 1 ₽ price and a 100 000 000 ₽ typo', () => {
    const clean = estimateMarket(market)!;
    const dirty = estimateMarket([...market, 1, 100_000_000, 99_000_000])!;
    expect(Math.abs(dirty.median - clean.median) / clean.median).toBeLessThan(0.03);
    expect(dirty.high).toBeLessThan(2_300_000);
  });
});

describe('marketVerdict', () => {
  const m = { low: 1_900_000, median: 2_000_000, high: 2_100_000 };

  it('is «Хорошая цена» only under the first quartile and at least 10 % under the median', () => {
    expect(marketVerdict(1_700_000, m)).toBe('good');
    expect(marketVerdict(1_800_000, m)).toBe('good');
    // Under Q1, but only 7.5 % under the median: a tight market's ordinary spread.
    expect(marketVerdict(1_850_000, m)).toBe('fair');
    expect(MARKET_VERDICT_LABELS.good).toBe('Хорошая цена');
  });

  it('is «Выше рынка» over the third quartile and at least 10 % over the median, else «Цена в рынке»', () => {
    expect(marketVerdict(2_200_000, m)).toBe('high');
    expect(marketVerdict(2_150_000, m)).toBe('fair');
    expect(marketVerdict(2_000_000, m)).toBe('fair');
    expect(MARKET_VERDICT_LABELS.fair).toBe('Цена в рынке');
    expect(MARKET_VERDICT_LABELS.high).toBe('Выше рынка');
  });

  it('counts a price of exactly 10 % over or under the median, whatever floats make of 1.1 × 180 000', () => {
    expect(marketVerdict(198_000, { low: 150_000, median: 180_000, high: 197_000 })).toBe('high');
    expect(marketVerdict(162_000, { low: 163_000, median: 180_000, high: 197_000 })).toBe('good');
    expect(marketVerdict(197_999, { low: 150_000, median: 180_000, high: 197_000 })).toBe('fair');
  });

  it('needs the share in a loose market too: under the median by 10 % but above Q1 stays fair', () => {
    expect(marketVerdict(1_500_000, { low: 1_400_000, median: 2_000_000, high: 2_600_000 })).toBe('fair');
  });
});

describe('mileageBand', () => {
  it('puts mileages into bands that widen with age', () => {
    expect(
      [0, 19_999, 20_000, 49_999, 50_000, 99_999, 100_000, 199_999, 250_000, 300_000, 900_000].map(mileageBand),
    ).toEqual([0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 6]);
  });
});

describe('estimateListing', () => {
  const others = market.map((price) => car(price));

  it('calls a car priced well below ten comparables «Хорошая цена» with the range', () => {
    const estimate = estimateListing(car(1_500_000), others, now)!;
    expect(estimate.verdict).toBe('good');
    expect(estimate.comparables).toBe(10);
    expect(estimate.low).toBeLessThan(estimate.median);
    expect(estimate.median).toBeGreaterThan(1_900_000);
  });

  it('gives no estimate with 7 comparables, nor for a listing without a real price', () => {
    expect(estimateListing(car(1_500_000), others.slice(0, 7), now)).toBeNull();
    expect(estimateListing(car(1), others, now)).toBeNull();
    expect(estimateListing(car(1_500_000, { mileage: null }), others, now)).toBeNull();
  });

  it('compares only the same model, years within ±1, the same mileage band and the last 90 days', () => {
    const mixed = [
      ...others.slice(0, 4),
      car(2_000_000, { year: 2017 }),
      car(2_000_000, { year: 2019 }),
      car(2_000_000, { year: 2020 }), // two years newer
      car(2_000_000, { modelId: 8 }),
      car(2_000_000, { mileage: 120_000 }), // another band
      car(2_000_000, { publishedAt: daysAgo(91) }),
      car(2_000_000, { mileage: 55_000 }), // same band as 80 000
      car(2_000_000, { mileage: 99_000 }),
    ];
    expect(estimateListing(car(1_500_000), mixed, now)!.comparables).toBe(8);
    expect(estimateListing(car(1_500_000), mixed.slice(0, 11), now)).toBeNull();
  });

  it('uses the region when it has 8 comparables, else the whole country', () => {
    const moscow = [3_000_000, 3_100_000, 3_200_000, 3_300_000, 3_000_000, 3_100_000, 3_200_000, 3_300_000];
    const country = [...others, ...moscow.map((price) => car(price, { region: 'Москва' }))];
    expect(estimateListing(car(2_900_000, { region: 'Москва' }), country, now)).toMatchObject({
      comparables: 8,
      verdict: 'fair',
    });
    const national = estimateListing(car(2_900_000, { region: 'Москва' }), country.slice(0, -1), now)!;
    expect(national.comparables).toBe(17);
    expect(national.median).toBeLessThan(2_500_000);
  });
});
