import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER_CRITERIA } from './filter-criteria';
import { matchFilter, type MatchableListing, type MatchCriteria } from './match-filter';

const TOYOTA = 1;
const KIA = 2;
const CAMRY = { id: 10, car_brand_id: TOYOTA };
const COROLLA = { id: 11, car_brand_id: TOYOTA };
const RIO = 20;
const KAZAN = 100;
const MOSCOW = 101;

const any: MatchCriteria = EMPTY_FILTER_CRITERIA;
const camry: MatchableListing = { brand_id: TOYOTA, model_id: CAMRY.id, city_id: KAZAN, price: 2_000_000, year: 2018 };
const rio: MatchableListing = { brand_id: KIA, model_id: RIO, city_id: MOSCOW, price: 900_000, year: 2015 };
const unknown: MatchableListing = { brand_id: null, model_id: null, city_id: null, price: null, year: null };

describe('matchFilter', () => {
  it('matches everything with empty criteria', () => {
    expect(matchFilter(camry, any)).toBe(true);
    expect(matchFilter(unknown, any)).toBe(true);
  });

  it('restricts brands', () => {
    expect(matchFilter(camry, { ...any, brands: [TOYOTA] })).toBe(true);
    expect(matchFilter(rio, { ...any, brands: [TOYOTA] })).toBe(false);
    expect(matchFilter(unknown, { ...any, brands: [TOYOTA] })).toBe(false);
  });

  it('narrows only the brand a selected model belongs to', () => {
    const criteria = { ...any, brands: [TOYOTA, KIA], models: [COROLLA] };
    expect(matchFilter(camry, criteria)).toBe(false);
    expect(matchFilter({ ...camry, model_id: COROLLA.id }, criteria)).toBe(true);
    expect(matchFilter(rio, criteria)).toBe(true);
  });

  it('accepts any of several models of one brand', () => {
    const criteria = { ...any, brands: [TOYOTA], models: [CAMRY, COROLLA] };
    expect(matchFilter(camry, criteria)).toBe(true);
    expect(matchFilter({ ...camry, model_id: 99 }, criteria)).toBe(false);
  });

  it("treats a model's brand as selected even when the brand list omits it", () => {
    const criteria = { ...any, models: [CAMRY] };
    expect(matchFilter(camry, criteria)).toBe(true);
    expect(matchFilter(rio, criteria)).toBe(false);
  });

  it('with «Только хорошая цена» admits only a listing whose estimate says good', () => {
    const good = { ...any, goodPriceOnly: true };
    expect(matchFilter({ ...camry, market_verdict: 'good' }, good)).toBe(true);
    expect(matchFilter({ ...camry, market_verdict: 'fair' }, good)).toBe(false);
    expect(matchFilter({ ...camry, market_verdict: 'high' }, good)).toBe(false);
    expect(matchFilter({ ...camry, market_verdict: null }, good)).toBe(false);
    expect(matchFilter(camry, good)).toBe(false);
    expect(matchFilter({ ...camry, market_verdict: 'high' }, { ...any, goodPriceOnly: false })).toBe(true);
  });

  it('restricts cities', () => {
    expect(matchFilter(camry, { ...any, cities: [KAZAN, MOSCOW] })).toBe(true);
    expect(matchFilter(camry, { ...any, cities: [MOSCOW] })).toBe(false);
    expect(matchFilter(unknown, { ...any, cities: [MOSCOW] })).toBe(false);
  });

  it('uses inclusive price bounds', () => {
    expect(matchFilter(camry, { ...any, priceFrom: 2_000_000 })).toBe(true);
    expect(matchFilter(camry, { ...any, priceFrom: 2_000_001 })).toBe(false);
    expect(matchFilter(camry, { ...any, priceTo: 2_000_000 })).toBe(true);
    expect(matchFilter(camry, { ...any, priceTo: 1_999_999 })).toBe(false);
    expect(matchFilter(camry, { ...any, priceFrom: 0, priceTo: 100_000_000 })).toBe(true);
    expect(matchFilter(unknown, { ...any, priceFrom: 0 })).toBe(false);
  });

  it('uses inclusive year bounds', () => {
    expect(matchFilter(camry, { ...any, yearFrom: 2018, yearTo: 2018 })).toBe(true);
    expect(matchFilter(camry, { ...any, yearFrom: 2019 })).toBe(false);
    expect(matchFilter(camry, { ...any, yearTo: 2017 })).toBe(false);
    expect(matchFilter(unknown, { ...any, yearTo: 2017 })).toBe(false);
  });

  it('requires every criterion at once', () => {
    const criteria: MatchCriteria = {
      brands: [TOYOTA],
      models: [CAMRY],
      cities: [KAZAN],
      priceFrom: 1_000_000,
      priceTo: 3_000_000,
      yearFrom: 2015,
      yearTo: 2020,
    };
    expect(matchFilter(camry, criteria)).toBe(true);
    expect(matchFilter({ ...camry, city_id: MOSCOW }, criteria)).toBe(false);
    expect(matchFilter({ ...camry, year: 2021 }, criteria)).toBe(false);
  });
});
