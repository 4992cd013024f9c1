import { describe, expect, it } from 'vitest';
import { LISTING_PRICE_MAX, MILEAGE_MAX } from './constants';
import { MESSAGES } from './messages';
import {
  canPublishDraft,
  isValidYear,
  listingVinOf,
  validateCity,
  validateDescription,
  validateDraftFields,
  validateDraftForPublish,
  validateListingForm,
  validateListingVin,
  validatePositiveInteger,
  validateYear,
  type ListingFormValues,
} from './validate-listing-form';

const now = new Date('2025-06-15T12:00:00Z');
const valid: ListingFormValues = {
  year: 2015,
  mileage: 120_000,
  price: 950_000,
  city: 'Казань',
  description: 'Один владелец',
  contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
  brand_id: 1,
  model_id: 2,
};

describe('validateYear', () => {
  it.each([
    [1899, MESSAGES.invalidYear],
    [1900, null],
    [2025, null],
    [2026, MESSAGES.invalidYear],
    [2015.5, MESSAGES.invalidYear],
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
  ])('%s -> %s', (year, expected) => {
    expect(validateYear(year, now)).toBe(expected);
  });

  it('reads the current year in the given time zone', () => {
    const newYearInMoscow = new Date('2025-12-31T21:30:00Z');
    expect(isValidYear(2026, newYearInMoscow, 'Europe/Moscow')).toBe(true);
    expect(isValidYear(2026, newYearInMoscow, 'UTC')).toBe(false);
  });
});

describe('validatePositiveInteger', () => {
  it.each([
    [0, MESSAGES.mustBePositive],
    [-5, MESSAGES.mustBePositive],
    [1, null],
    [100_000_000, null],
    [100_000_001, null],
    [1.5, MESSAGES.invalidValue],
    [Number.NaN, MESSAGES.mustBePositive],
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
  ])('%s -> %s', (value, expected) => {
    expect(validatePositiveInteger(value)).toBe(expected);
  });

  it('refuses values above the given maximum', () => {
    expect(validatePositiveInteger(LISTING_PRICE_MAX, LISTING_PRICE_MAX)).toBeNull();
    expect(validatePositiveInteger(Number.MAX_SAFE_INTEGER + 2, LISTING_PRICE_MAX)).toBe(
      MESSAGES.maxValue(100_000_000_000),
    );
    expect(validatePositiveInteger(MILEAGE_MAX + 1, MILEAGE_MAX)).toBe(MESSAGES.maxValue(10_000_000));
  });

  it('bounds price and mileage in the listing form', () => {
    const errors = validateDraftFields({ price: 1e21, mileage: 2_147_483_648 }, now).errors;
    expect(errors).toEqual({ price: MESSAGES.maxValue(LISTING_PRICE_MAX), mileage: MESSAGES.maxValue(MILEAGE_MAX) });
  });

  it('uses the exact spec texts', () => {
    expect(MESSAGES.mustBePositive).toBe('Значение должно быть больше 0');
    expect(MESSAGES.required).toBe('Обязательное поле');
    expect(MESSAGES.invalidYear).toBe('Некорректный год');
  });
});

describe('validateCity', () => {
  it('requires a non-blank city of at most 50 characters', () => {
    expect(validateCity('')).toBe(MESSAGES.required);
    expect(validateCity('   ')).toBe(MESSAGES.required);
    expect(validateCity(null)).toBe(MESSAGES.required);
    expect(validateCity('а'.repeat(50))).toBeNull();
    expect(validateCity('а'.repeat(51))).toBe('Не более 50 символов');
    expect(validateCity(`  ${'а'.repeat(50)}  `)).toBeNull();
  });
});

describe('validateDescription', () => {
  it('allows empty and up to 500 characters', () => {
    expect(validateDescription(undefined)).toBeNull();
    expect(validateDescription('')).toBeNull();
    expect(validateDescription('x'.repeat(500))).toBeNull();
    expect(validateDescription('x'.repeat(501))).toBe('Не более 500 символов');
  });
});

describe('validateListingForm', () => {
  it('accepts a complete form', () => {
    expect(validateListingForm(valid, now)).toEqual({ valid: true, errors: {} });
  });

  it('reports every required field of an empty form', () => {
    const result = validateListingForm({}, now);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({
      year: MESSAGES.required,
      mileage: MESSAGES.required,
      price: MESSAGES.required,
      city: MESSAGES.required,
    });
  });

  it('reports contact formats by index', () => {
    const result = validateListingForm(
      {
        ...valid,
        contacts: [
          { type: 'phone', value: '' },
          { type: 'email', value: 'nope' },
        ],
      },
      now,
    );
    expect(result.errors).toEqual({ 'contacts.1.value': MESSAGES.invalidEmail });
  });
});

describe('validateDraftFields', () => {
  it('lets a partial draft be saved but checks what is present', () => {
    expect(validateDraftFields({}, now).valid).toBe(true);
    expect(validateDraftFields({ city: '' }, now).valid).toBe(true);
    expect(validateDraftFields({ year: 1899, price: 0 }, now).errors).toEqual({
      year: MESSAGES.invalidYear,
      price: MESSAGES.mustBePositive,
    });
    expect(validateDraftFields({ description: 'x'.repeat(501) }, now).errors).toEqual({
      description: MESSAGES.maxLength(500),
    });
  });
});

describe('the listing VIN (issue 33)', () => {
  it('is optional, and when given follows the rule findVin reads texts with', () => {
    expect(validateListingVin('')).toBeNull();
    expect(validateListingVin('   ')).toBeNull();
    expect(validateListingVin(null)).toBeNull();
    expect(validateListingVin('XTA210990Y2765437')).toBeNull();
    // Typed in lower case or with spaces, as copied from a registration certificate.
    expect(validateListingVin('xta 2109 90y2765437')).toBeNull();
    expect(validateListingVin('XTA210990Y276543')).toBe(MESSAGES.invalidVin);
    expect(validateListingVin('XTA210990Y27654371')).toBe(MESSAGES.invalidVin);
    for (const letter of ['I', 'O', 'Q'])
      expect(validateListingVin(`XTA21099${letter}Y2765437`)).toBe(MESSAGES.invalidVin);
    expect(validateListingVin('ХТА210990Y2765437')).toBe(MESSAGES.invalidVin); // Cyrillic Х, Т, А
  });

  it('is stored normalised, null when empty', () => {
    expect(listingVinOf(' xta 210990y2765437 ')).toBe('XTA210990Y2765437');
    expect(listingVinOf('')).toBeNull();
    expect(listingVinOf(undefined)).toBeNull();
  });

  it('is checked by the draft and the publish rules, and never required', () => {
    expect(validateDraftFields({ vin: 'NOT-A-VIN' }, now).errors).toEqual({ vin: MESSAGES.invalidVin });
    expect(validateDraftForPublish({ ...valid, vin: 'XTA210990Y27654' }, now).errors).toEqual({
      vin: MESSAGES.invalidVin,
    });
    expect(canPublishDraft({ ...valid, vin: '' }, now)).toBe(true);
    expect(canPublishDraft({ ...valid, vin: 'XTA210990Y2765437' }, now)).toBe(true);
  });
});

describe('validateDraftForPublish / canPublishDraft', () => {
  it('allows publishing a valid form with a contact, brand and model', () => {
    expect(canPublishDraft(valid, now)).toBe(true);
  });

  it('needs at least one contact with a value', () => {
    const noValue = { ...valid, contacts: [{ type: 'phone', value: '  ' }] };
    expect(canPublishDraft(noValue, now)).toBe(false);
    expect(validateDraftForPublish(noValue, now).errors).toEqual({ contacts: MESSAGES.contactRequired });
    expect(canPublishDraft({ ...valid, contacts: [] }, now)).toBe(false);
    expect(canPublishDraft({ ...valid, contacts: null }, now)).toBe(false);
  });

  it('needs brand and model', () => {
    expect(validateDraftForPublish({ ...valid, brand_id: null }, now).errors).toEqual({ brand_id: MESSAGES.required });
    expect(validateDraftForPublish({ ...valid, model_id: undefined }, now).errors).toEqual({
      model_id: MESSAGES.required,
    });
  });

  it('needs the form itself to be valid', () => {
    expect(canPublishDraft({ ...valid, year: 2026 }, now)).toBe(false);
    expect(canPublishDraft({ ...valid, mileage: 0 }, now)).toBe(false);
  });
});
