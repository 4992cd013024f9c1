import { normalizeGroupSeparators } from '@autoradar/core';

// Display of report values (spec §3 order sections) that no core rule covers.

const coefficientFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A decimal as Russian writes it: 0.74 -> '0,74', 72.1 -> '72,1'. */
export function formatCoefficient(value: number): string {
  return normalizeGroupSeparators(coefficientFormat.format(value));
}

/** Report dates come as yyyy-mm-dd (the provider adapters convert them); shown as dd.mm.yyyy, anything else as is. */
export function formatReportDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** When an order was made, in the admin's own time zone. */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
