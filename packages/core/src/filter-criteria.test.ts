import { describe, expect, it } from 'vitest';
import { isSameFilterCriteria, keepModelsOfBrands, type FilterCriteria } from './filter-criteria';

const base: FilterCriteria = {
  brands: [1, 2],
  models: [10],
  cities: [],
  priceFrom: null,
  priceTo: 1_000_000,
  yearFrom: 2010,
  yearTo: null,
};

describe('isSameFilterCriteria', () => {
  it('ignores the order of ids and duplicates', () => {
    expect(isSameFilterCriteria(base, { ...base, brands: [2, 1, 2] })).toBe(true);
  });

  it('notices any change', () => {
    expect(isSameFilterCriteria(base, { ...base, brands: [1] })).toBe(false);
    expect(isSameFilterCriteria(base, { ...base, cities: [5] })).toBe(false);
    expect(isSameFilterCriteria(base, { ...base, priceTo: null })).toBe(false);
    expect(isSameFilterCriteria(base, { ...base, yearFrom: 2011 })).toBe(false);
  });
});

describe('keepModelsOfBrands', () => {
  it('drops the models of a removed brand', () => {
    const models = [
      { id: 10, car_brand_id: 1 },
      { id: 20, car_brand_id: 2 },
    ];
    expect(keepModelsOfBrands(models, [2])).toEqual([{ id: 20, car_brand_id: 2 }]);
    expect(keepModelsOfBrands(models, [])).toEqual([]);
  });
});
