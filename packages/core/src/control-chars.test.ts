import { describe, expect, it } from 'vitest';
import { hasForbiddenChars, stripForbiddenChars } from './control-chars';

describe('forbidden characters in user text', () => {
  it.each(['a\u0000b', '\u0001', 'x\u007f', '\u0085', '\u001b[31m', 'a\uD800', '\uDC00b', '\u000b'])(
    'refuses %j',
    (text) => {
      expect(hasForbiddenChars(text)).toBe(true);
    },
  );

  it.each(['Лада Веста', 'строка\r\nвторая\tтаб', 'эмодзи 🚗', ''])('accepts %j', (text) => {
    expect(hasForbiddenChars(text)).toBe(false);
  });

  it('strips what it refuses and keeps the rest, surrogate pairs included', () => {
    expect(stripForbiddenChars('Ив\u0000ан\uD800 🚗\n')).toBe('Иван 🚗\n');
  });
});
