import { describe, expect, it } from 'vitest';
import { isValidVin, normalizeVin, validateVin } from './validate-vin';

describe('validateVin', () => {
  it.each([
    ['XTA21703080123456', null],
    ['xta21703080123456', null],
    [' XTA 2170 3080 1234 56 ', null],
    ['', 'Обязательное поле'],
    [null, 'Обязательное поле'],
    ['XTA2170308012345', 'Некорректный VIN'],
    ['XTA217030801234567', 'Некорректный VIN'],
    ['XTA2170308012345I', 'Некорректный VIN'],
    ['XTA2170308012345O', 'Некорректный VIN'],
    ['XTA2170308012345Q', 'Некорректный VIN'],
    ['ХТА21703080123456', 'Некорректный VIN'],
  ])('%j -> %j', (vin, expected) => {
    expect(validateVin(vin)).toBe(expected);
  });

  it('normalises before checking', () => {
    expect(normalizeVin(' wvw zzz1jz3w386752 ')).toBe('WVWZZZ1JZ3W386752');
    expect(isValidVin('wvwzzz1jz3w386752')).toBe(true);
  });
});
