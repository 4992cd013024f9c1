import { DEFAULT_CURRENCY } from './constants';
import { ALWAYS_GROUP, formatNumber, GROUP_SEPARATOR, normalizeGroupSeparators } from './format-number';

const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const formats = new Map<string, Intl.NumberFormat>();

export function isCurrencyCode(currency: string): boolean {
  return CURRENCY_CODE.test(currency);
}

/**
 * A price in the listing's own currency: a 3-letter code (any case) goes through Intl ('1 500 $'); anything else is
 * shown as the rounded number followed by the text as written ('1 501 у.е.'). Missing currency means roubles.
 */
export function formatCurrency(value: number, currency: string | null | undefined): string {
  const text = (currency ?? '').trim() || DEFAULT_CURRENCY;
  if (!isCurrencyCode(text)) return `${formatNumber(value)}${GROUP_SEPARATOR}${text}`;
  const code = text.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', {
      ...ALWAYS_GROUP,
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    formats.set(code, format);
  }
  return normalizeGroupSeparators(format.format(Math.round(value)));
}
