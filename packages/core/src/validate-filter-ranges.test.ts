import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { EMPTY_FILTER_CRITERIA } from './filter-criteria';
import { isValidPriceBound, validateFilterRanges } from './validate-filter-ranges';

const now = new Date('2025-06-15T12:00:00Z');

describe('isValidPriceBound', () => {
  it.each([
    [-1, false],
    [0, true],
    [1, true],
    [100_000_000, true],
    [100_000_001, false],
    [10.5, false],
  ])('%d -> %s', (price, expected) => {
    expect(isValidPriceBound(price)).toBe(expected);
  });
});

describe('validateFilterRanges', () => {
  it('accepts no bounds at all', () => {
    expect(validateFilterRanges({}, now).valid).toBe(true);
    expect(validateFilterRanges(EMPTY_FILTER_CRITERIA, now).valid).toBe(true);
  });

  it('checks each price bound', () => {
    expect(validateFilterRanges({ priceFrom: 0, priceTo: 100_000_000 }, now).valid).toBe(true);
    expect(validateFilterRanges({ priceTo: 100_000_001 }, now).errors).toEqual({ priceTo: MESSAGES.priceOutOfRange });
    expect(validateFilterRanges({ priceFrom: -1 }, now).errors).toEqual({ priceFrom: MESSAGES.priceOutOfRange });
    expect(MESSAGES.priceOutOfRange).toBe('Цена должна быть от 0 до 100\u00A0000\u00A0000');
  });

  it('keeps price from not above to', () => {
    expect(validateFilterRanges({ priceFrom: 500, priceTo: 500 }, now).valid).toBe(true);
    expect(validateFilterRanges({ priceFrom: 501, priceTo: 500 }, now).errors).toEqual({
      priceFrom: MESSAGES.priceOrder,
    });
  });

  it('checks years from 1900 to the current year', () => {
    expect(validateFilterRanges({ yearFrom: 1900, yearTo: 2025 }, now).valid).toBe(true);
    expect(validateFilterRanges({ yearFrom: 1899 }, now).errors).toEqual({ yearFrom: MESSAGES.invalidYear });
    expect(validateFilterRanges({ yearTo: 2026 }, now).errors).toEqual({ yearTo: MESSAGES.invalidYear });
    expect(validateFilterRanges({ yearFrom: 2020, yearTo: 2019 }, now).errors).toEqual({
      yearFrom: MESSAGES.yearOrder,
    });
  });

  it('reports range errors before order errors', () => {
    expect(validateFilterRanges({ priceFrom: 200_000_000, priceTo: 5 }, now).errors).toEqual({
      priceFrom: MESSAGES.priceOutOfRange,
    });
  });
});
