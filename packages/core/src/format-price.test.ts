import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([
    [0, '0\u00A0₽'],
    [1, '1\u00A0₽'],
    [1500, '1\u00A0500\u00A0₽'],
    [1_250_000, '1\u00A0250\u00A0000\u00A0₽'],
    [100_000_000, '100\u00A0000\u00A0000\u00A0₽'],
    [999.5, '1\u00A0000\u00A0₽'],
    [1234.4, '1\u00A0234\u00A0₽'],
  ])('%d -> %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it('never shows decimals', () => {
    expect(formatPrice(10.99)).not.toMatch(/,/);
  });
});
