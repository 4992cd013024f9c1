import { TICKER_FRACTION_DIGITS } from './constants';
import { ALWAYS_GROUP, normalizeGroupSeparators } from './format-number';

const rateFormat = new Intl.NumberFormat('ru-RU', {
  ...ALWAYS_GROUP,
  minimumFractionDigits: TICKER_FRACTION_DIGITS,
  maximumFractionDigits: TICKER_FRACTION_DIGITS,
});

/** Currency ticker value with two decimals ('92,35', '104 250,00'). */
export function formatRate(value: number): string {
  return normalizeGroupSeparators(rateFormat.format(value));
}
