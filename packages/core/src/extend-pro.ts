import { PRO_PRICE_RUB } from './constants';
import { isProActive, type TariffUser } from './is-pro-active';
import { toDate } from './zoned-time';

/** One payment buys this many months of PRO. */
export const PRO_PERIOD_MONTHS = 1;

/**
 * What a checkout charges for one PRO month: the full price, also when PRO still runs (the month is added to its
 * end). getPaymentSum is the price the basic tariff's pay button shows; this is what the server bills.
 */
export function getProCheckoutSum(): number {
  return PRO_PRICE_RUB * PRO_PERIOD_MONTHS;
}

/** The same day `months` later (UTC), the last day of the month when it has no such day (31 Jan -> 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * pro_expired after a paid month: max(now, pro_expired) + 1 month. A running PRO (test period included) is
 * extended from its end, an expired or absent one starts now.
 */
export function extendProExpiry(user: TariffUser, now: Date, months: number = PRO_PERIOD_MONTHS): Date {
  const from = isProActive(user, now) && user.pro_expired !== null ? toDate(user.pro_expired) : now;
  return addMonths(from, months);
}
