import { formatNumber } from './format-number';

/** Numeric inputs keep digits only; an input with no digit means "not set" (null). */
export function parseDigitsInput(text: string | null | undefined): number | null {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}

/** What a numeric input shows: digits grouped the ru-RU way, nothing for null. */
export function formatDigitsInput(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : formatNumber(value);
}
