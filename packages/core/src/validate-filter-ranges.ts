import { DEFAULT_TIME_ZONE, PRICE_MAX, PRICE_MIN } from './constants';
import type { FilterBounds } from './filter-criteria';
import { MESSAGES } from './messages';
import { isValidYear } from './validate-listing-form';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';

/** The bounds a request carries; an absent one is no bound. */
export type FilterRanges = Partial<FilterBounds>;

export function isValidPriceBound(price: number): boolean {
  return Number.isInteger(price) && price >= PRICE_MIN && price <= PRICE_MAX;
}

const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * Filter price and year bounds (spec §5): each bound optional; price 0..100 000 000, year 1900..current year, and
 * 'from' not above 'to'. The order error is reported on the 'from' field.
 */
export function validateFilterRanges(
  ranges: FilterRanges,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): ValidationResult {
  const errors: FieldErrors = {};
  const { priceFrom, priceTo, yearFrom, yearTo } = ranges;
  if (isSet(priceFrom) && !isValidPriceBound(priceFrom)) errors.priceFrom = MESSAGES.priceOutOfRange;
  if (isSet(priceTo) && !isValidPriceBound(priceTo)) errors.priceTo = MESSAGES.priceOutOfRange;
  if (isSet(yearFrom) && !isValidYear(yearFrom, now, timeZone)) errors.yearFrom = MESSAGES.invalidYear;
  if (isSet(yearTo) && !isValidYear(yearTo, now, timeZone)) errors.yearTo = MESSAGES.invalidYear;
  if (!errors.priceFrom && !errors.priceTo && isSet(priceFrom) && isSet(priceTo) && priceFrom > priceTo) {
    errors.priceFrom = MESSAGES.priceOrder;
  }
  if (!errors.yearFrom && !errors.yearTo && isSet(yearFrom) && isSet(yearTo) && yearFrom > yearTo) {
    errors.yearFrom = MESSAGES.yearOrder;
  }
  return toValidationResult(errors);
}
