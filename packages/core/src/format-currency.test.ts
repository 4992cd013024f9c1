import { describe, expect, it } from 'vitest';
import { formatCurrency, isCurrencyCode } from './format-currency';

describe('formatCurrency', () => {
  it('formats 3-letter codes through Intl, in any case', () => {
    expect(formatCurrency(1_250_000, 'RUB')).toBe('1\u00A0250\u00A0000\u00A0₽');
    expect(formatCurrency(1_250_000, 'rub')).toBe('1\u00A0250\u00A0000\u00A0₽');
    expect(formatCurrency(15_000, 'usd')).toBe('15\u00A0000\u00A0$');
    expect(formatCurrency(15_000, 'EUR')).toBe('15\u00A0000\u00A0€');
    expect(formatCurrency(15_000.4, 'USD')).toBe('15\u00A0000\u00A0$');
  });

  it('shows an unknown but well-formed code as the code', () => {
    expect(formatCurrency(1500, 'XYZ')).toBe('1\u00A0500\u00A0XYZ');
  });

  it('falls back to the rounded number plus the text for anything else', () => {
    expect(formatCurrency(1500.6, 'у.е.')).toBe('1\u00A0501\u00A0у.е.');
    expect(formatCurrency(1500, 'US')).toBe('1\u00A0500\u00A0US');
    expect(formatCurrency(1500, 'руб')).toBe('1\u00A0500\u00A0руб');
  });

  it('treats a missing currency as roubles', () => {
    expect(formatCurrency(1500, null)).toBe('1\u00A0500\u00A0₽');
    expect(formatCurrency(1500, '  ')).toBe('1\u00A0500\u00A0₽');
  });

  it('recognises codes', () => {
    expect(isCurrencyCode('cny')).toBe(true);
    expect(isCurrencyCode('CN')).toBe(false);
    expect(isCurrencyCode('RUB1')).toBe(false);
    expect(isCurrencyCode('руб')).toBe(false);
  });
});
