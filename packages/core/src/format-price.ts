import { ALWAYS_GROUP, normalizeGroupSeparators } from './format-number';

const priceFormat = new Intl.NumberFormat('ru-RU', {
  ...ALWAYS_GROUP,
  style: 'currency',
  currency: 'RUB',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Listing price in roubles: ru-RU grouping, no decimals, rouble sign ('1 250 000 ₽'). */
export function formatPrice(value: number): string {
  return normalizeGroupSeparators(priceFormat.format(Math.round(value)));
}
