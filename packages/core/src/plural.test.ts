import { describe, expect, it } from 'vitest';
import { POST_FORMS, selectPlural } from './plural';

describe('selectPlural', () => {
  it.each([
    [0, 'объявлений'],
    [1, 'объявление'],
    [2, 'объявления'],
    [4, 'объявления'],
    [5, 'объявлений'],
    [11, 'объявлений'],
    [12, 'объявлений'],
    [14, 'объявлений'],
    [21, 'объявление'],
    [22, 'объявления'],
    [25, 'объявлений'],
    [101, 'объявление'],
    [111, 'объявлений'],
  ])('%d -> %s', (count, expected) => {
    expect(selectPlural(count, POST_FORMS)).toBe(expected);
  });

  it('uses the "other" form for fractions, falling back to "few"', () => {
    expect(selectPlural(1.5, { one: 'a', few: 'b', many: 'c', other: 'd' })).toBe('d');
    expect(selectPlural(1.5, { one: 'a', few: 'b', many: 'c' })).toBe('b');
  });
});
