import {
  CITY_MAX_LENGTH,
  DEFAULT_TIME_ZONE,
  LISTING_PRICE_MAX,
  MILEAGE_MAX,
  TEXT_COUNTER_MAX,
  YEAR_MIN,
} from './constants';
import { MESSAGES } from './messages';
import { hasFilledContact, validateContact } from './validate-contact';
import { isValidVin, normalizeVin } from './validate-vin';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';
import { getCurrentYear } from './zoned-time';

/** The listing form (spec §5) as the UI holds it and the draft endpoints carry it; anything may still be empty. */
export interface ListingFormValues {
  year?: number | null;
  mileage?: number | null;
  price?: number | null;
  city?: string | null;
  description?: string | null;
  contacts?: readonly { type: string; value?: string | null }[] | null;
  brand_id?: number | null;
  model_id?: number | null;
  /** Optional (issue 33): the seller may state the car's VIN; empty means none. */
  vin?: string | null;
}

type Blank = null | undefined;
const isBlank = (value: unknown): value is Blank => value === null || value === undefined;

/** Year within 1900..the current year of `timeZone`. */
export function isValidYear(year: number, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return Number.isInteger(year) && year >= YEAR_MIN && year <= getCurrentYear(now, timeZone);
}

export function validateYear(year: number | Blank, now: Date, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  if (isBlank(year)) return MESSAGES.required;
  return isValidYear(year, now, timeZone) ? null : MESSAGES.invalidYear;
}

/** Mileage and price: whole numbers above zero and, when `max` is given, not above it. */
export function validatePositiveInteger(value: number | Blank, max: number = Infinity): string | null {
  if (isBlank(value)) return MESSAGES.required;
  if (!Number.isFinite(value) || value <= 0) return MESSAGES.mustBePositive;
  if (value > max) return MESSAGES.maxValue(max);
  return Number.isInteger(value) ? null : MESSAGES.invalidValue;
}

export function validateCity(city: string | Blank): string | null {
  const trimmed = (city ?? '').trim();
  if (trimmed === '') return MESSAGES.required;
  return trimmed.length > CITY_MAX_LENGTH ? MESSAGES.maxLength(CITY_MAX_LENGTH) : null;
}

export function validateDescription(description: string | Blank): string | null {
  return (description ?? '').length > TEXT_COUNTER_MAX ? MESSAGES.maxLength(TEXT_COUNTER_MAX) : null;
}

/**
 * The listing's VIN (issue 33), optional: empty is none; otherwise the rule `findVin` reads VINs from listings' texts
 * with (`isValidVin`: 17 Latin capitals and digits without I, O and Q, spaces and case ignored).
 */
export function validateListingVin(vin: string | Blank): string | null {
  if (normalizeVin(vin ?? '') === '') return null;
  return isValidVin(vin ?? '') ? null : MESSAGES.invalidVin;
}

/** The VIN as stored: normalised, null when empty. */
export function listingVinOf(vin: string | Blank): string | null {
  const normal = normalizeVin(vin ?? '');
  return normal === '' ? null : normal;
}

function collect(errors: FieldErrors, field: string, message: string | null): void {
  if (message !== null) errors[field] = message;
}

function validateContacts(errors: FieldErrors, values: ListingFormValues): void {
  (values.contacts ?? []).forEach((contact, index) => {
    collect(errors, `contacts.${index}.value`, validateContact(contact.type, contact.value));
  });
}

/** Each field's own rule (spec §5): a draft checks the fields it has, the form all of them. */
function checkFields(values: ListingFormValues, now: Date, timeZone: string, fields: 'present' | 'all'): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: 'year' | 'mileage' | 'price' | 'city', rule: () => string | null) => {
    const value = values[field];
    const present = !isBlank(value) && !(typeof value === 'string' && value.trim() === '');
    if (fields === 'all' || present) collect(errors, field, rule());
  };
  check('year', () => validateYear(values.year, now, timeZone));
  check('mileage', () => validatePositiveInteger(values.mileage, MILEAGE_MAX));
  check('price', () => validatePositiveInteger(values.price, LISTING_PRICE_MAX));
  check('city', () => validateCity(values.city));
  collect(errors, 'description', validateDescription(values.description));
  collect(errors, 'vin', validateListingVin(values.vin));
  validateContacts(errors, values);
  return errors;
}

/** A check of the listing form's values, as of `now` in `timeZone` (the year may not be in the future). */
type ListingCheck = (values: ListingFormValues, now: Date, timeZone?: string) => ValidationResult;

/** Saving a draft keeps whatever the user typed so far: only the values present are checked. */
export const validateDraftFields: ListingCheck = (values, now, timeZone = DEFAULT_TIME_ZONE) =>
  toValidationResult(checkFields(values, now, timeZone, 'present'));

/** The form's own rules: required fields, year, positive numbers within LISTING_PRICE_MAX and MILEAGE_MAX, city and description lengths, contact formats. */
export const validateListingForm: ListingCheck = (values, now, timeZone = DEFAULT_TIME_ZONE) =>
  toValidationResult(checkFields(values, now, timeZone, 'all'));

/** Publishing also needs brand, model and at least one filled contact (spec §5). */
export const validateDraftForPublish: ListingCheck = (values, now, timeZone = DEFAULT_TIME_ZONE) => {
  const errors: FieldErrors = { ...validateListingForm(values, now, timeZone).errors };
  if (isBlank(values.brand_id)) errors.brand_id = MESSAGES.required;
  if (isBlank(values.model_id)) errors.model_id = MESSAGES.required;
  if (!hasFilledContact(values.contacts)) errors.contacts = MESSAGES.contactRequired;
  return toValidationResult(errors);
};

export function canPublishDraft(values: ListingFormValues, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return validateDraftForPublish(values, now, timeZone).valid;
}
