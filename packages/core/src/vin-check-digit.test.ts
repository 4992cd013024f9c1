import { describe, expect, it } from 'vitest';
import { computeVinCheckDigit, hasValidVinCheckDigit, validateOrderVin, vinCheckDigitApplies } from './vin-check-digit';

describe('VIN check digit', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['11111111111111111', '1'],
    ['1HGCM82633A004352', '3'],
  ])('%s has check digit %s', (vin, digit) => {
    expect(computeVinCheckDigit(vin)).toBe(digit);
    expect(hasValidVinCheckDigit(vin)).toBe(true);
  });

  it('applies to North American VINs only', () => {
    expect(vinCheckDigitApplies('1HGCM82633A004352')).toBe(true);
    expect(vinCheckDigitApplies('5YJSA1E2XHF000337')).toBe(true);
    expect(vinCheckDigitApplies('XTA21703080123456')).toBe(false);
    expect(vinCheckDigitApplies('WVWZZZ1JZ3W386752')).toBe(false);
    expect(vinCheckDigitApplies('JTDBR32E730012345')).toBe(false);
    expect(hasValidVinCheckDigit('XTA21703080123456')).toBe(true);
  });

  it('rejects a North American VIN with a wrong check digit', () => {
    expect(hasValidVinCheckDigit('1HGCM82643A004352')).toBe(false);
    expect(hasValidVinCheckDigit('1M8GDM9A1KP042788')).toBe(false);
  });
});

describe('validateOrderVin', () => {
  it.each([
    ['XTA21703080123456', null],
    [' xta 2170 3080 1234 56', null],
    ['1hgcm82633a004352', null],
    ['1HGCM82643A004352', 'Некорректный VIN'],
    ['XTA2170308012345', 'Некорректный VIN'],
    ['XTA2170308012345O', 'Некорректный VIN'],
    ['', 'Обязательное поле'],
    [null, 'Обязательное поле'],
  ])('%j -> %j', (vin, expected) => {
    expect(validateOrderVin(vin)).toBe(expected);
  });
});
