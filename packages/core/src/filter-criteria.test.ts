import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER_CRITERIA,
  FILTER_BOUND_FIELDS,
  FILTER_FLAG_FIELDS,
  FILTER_ID_FIELDS,
  isSameFilterCriteria,
  keepModelsOfBrands,
  pickFilterBounds,
  pickFilterCriteria,
  type FilterCriteria,
} from './filter-criteria';

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
    expect(isSameFilterCriteria(base, { ...base, goodPriceOnly: true })).toBe(false);
  });

  it('reads an absent switch as off', () => {
    expect(isSameFilterCriteria(base, { ...base, goodPriceOnly: false })).toBe(true);
  });

  it.each([...FILTER_ID_FIELDS, ...FILTER_BOUND_FIELDS])('compares %s', (field) => {
    const changed = FILTER_ID_FIELDS.some((f) => f === field) ? [99] : 99;
    expect(isSameFilterCriteria(base, { ...base, [field]: changed })).toBe(false);
  });
});

describe('EMPTY_FILTER_CRITERIA', () => {
  it('asks nothing and equals criteria with every list empty and no bound', () => {
    const none: FilterCriteria = { ...base, brands: [], models: [], cities: [], priceTo: null, yearFrom: null };
    expect(isSameFilterCriteria(EMPTY_FILTER_CRITERIA, none)).toBe(true);
    expect(Object.keys(EMPTY_FILTER_CRITERIA).sort()).toEqual(
      [...FILTER_ID_FIELDS, ...FILTER_BOUND_FIELDS, ...FILTER_FLAG_FIELDS].sort(),
    );
  });
});

describe('pickFilterBounds', () => {
  it('keeps the bounds only, an absent one as none', () => {
    expect(pickFilterBounds({ ...base, priceFrom: undefined })).toEqual({
      priceFrom: null,
      priceTo: 1_000_000,
      yearFrom: 2010,
      yearTo: null,
    });
    expect(pickFilterBounds({})).toEqual({ priceFrom: null, priceTo: null, yearFrom: null, yearTo: null });
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

describe('pickFilterCriteria', () => {
  const stored = { ...base, id: 3, name: 'Камри', models: [10, 11, 10] };

  it('takes the criteria fields only, lists copied', () => {
    const picked = pickFilterCriteria(stored);
    expect(picked).toEqual({ ...base, models: [10, 11, 10], goodPriceOnly: false });
    expect(pickFilterCriteria({ ...stored, goodPriceOnly: true }).goodPriceOnly).toBe(true);
    expect(picked.brands).not.toBe(stored.brands);
  });

  it('keeps a repeated id once when asked', () => {
    expect(pickFilterCriteria(stored, { uniqueIds: true }).models).toEqual([10, 11]);
  });
});
