import { MARKET_VERDICT_LABELS, selectPlural } from '@autoradar/core';

// Texts of the market estimate (issue 33): the badge on cards and the listing page, and the range under it.
const COMPARABLES = { one: 'похожему объявлению', few: 'похожим объявлениям', many: 'похожим объявлениям' } as const;

export const marketMessages = {
  verdict: MARKET_VERDICT_LABELS,
  rangeLabel: 'Рыночная цена',
  range: (low: string, high: string) => `${low} – ${high}`,
  basis: (count: number, formatted: string) => `по ${formatted} ${selectPlural(count, COMPARABLES)} за 90 дней`,
  median: (value: string) => `медиана ${value}`,
} as const;
