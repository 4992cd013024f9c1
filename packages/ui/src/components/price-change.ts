import { DEFAULT_CURRENCY, formatCurrency, formatPrice, selectPlural } from '@autoradar/core';

// How a price change reads (issue 33): «−150 000 ₽», «+20 000 ₽», with the span «за 12 дней». Intl formats the
// amount (core's formatPrice); the sign is the typographic minus.

const DAY_FORMS = { one: 'день', few: 'дня', many: 'дней' };
const DAY_MS = 86_400_000;

export function formatMoney(amount: number, currency: string): string {
  return currency.toUpperCase() === DEFAULT_CURRENCY ? formatPrice(amount) : formatCurrency(amount, currency);
}

/** «−150 000 ₽» / «+20 000 ₽»; null for no change. */
export function formatPriceChange(delta: number, currency: string): string | null {
  if (delta === 0) return null;
  return `${delta < 0 ? '\u2212' : '+'}${formatMoney(Math.abs(delta), currency)}`;
}

/** «за 12 дней», «за 2 дня», «за сутки» (up to a day and a half). */
export function formatDaysSpan(from: Date, to: Date): string {
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  if (days <= 1) return 'за сутки';
  return `за ${days} ${selectPlural(days, DAY_FORMS)}`;
}

/** The direction, for the colour: a drop is good news for a buyer. */
export const changeTone = (delta: number): 'down' | 'up' | 'none' => (delta < 0 ? 'down' : delta > 0 ? 'up' : 'none');
