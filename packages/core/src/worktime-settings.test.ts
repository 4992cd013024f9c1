import { describe, expect, it } from 'vitest';
import { isValidTime, isValidWeekday, parseTime } from './worktime-settings';

describe('worktime settings', () => {
  it.each([
    ['00:00', true],
    ['09:00', true],
    ['23:59', true],
    ['24:00', false],
    ['9:00', false],
    ['12:60', false],
    ['', false],
  ])('isValidTime(%j) -> %s', (text, expected) => {
    expect(isValidTime(text)).toBe(expected);
  });

  it('parses minutes since midnight', () => {
    expect(parseTime('09:30')).toBe(570);
    expect(() => parseTime('25:00')).toThrow(RangeError);
  });

  it('accepts weekdays 0 to 6', () => {
    expect([-1, 0, 6, 7, 2.5].map(isValidWeekday)).toEqual([false, true, true, false, false]);
  });
});
