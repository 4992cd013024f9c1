import { describe, expect, it } from 'vitest';
import { formatDigitsInput, parseDigitsInput } from './digits-input';

describe('parseDigitsInput', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['abc', null],
    [null, null],
    ['0', 0],
    ['1 250 000', 1_250_000],
    ['1\u00A0250\u202F000 ₽', 1_250_000],
    ['12a3', 123],
    ['-5', 5],
    ['007', 7],
  ])('%j -> %j', (input, expected) => {
    expect(parseDigitsInput(input)).toBe(expected);
  });
});

describe('formatDigitsInput', () => {
  it('groups digits the ru-RU way and shows nothing for null', () => {
    expect(formatDigitsInput(null)).toBe('');
    expect(formatDigitsInput(undefined)).toBe('');
    expect(formatDigitsInput(0)).toBe('0');
    expect(formatDigitsInput(1234)).toBe('1\u00A0234');
    expect(formatDigitsInput(100_000_000)).toBe('100\u00A0000\u00A0000');
  });

  it('round-trips through parse', () => {
    for (const value of [1, 999, 1000, 54_321, 100_000_001]) {
      expect(parseDigitsInput(formatDigitsInput(value))).toBe(value);
    }
  });
});
