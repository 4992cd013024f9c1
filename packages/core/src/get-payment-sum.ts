import { PRO_PRICE_RUB } from './constants';
import { isProActive, type TariffUser } from './is-pro-active';

/** What a PRO purchase costs now: 1 000 RUB, or 0 while PRO is already active (spec §9). The server decides. */
export function getPaymentSum(user: TariffUser | null | undefined, now: Date): number {
  return isProActive(user, now) ? 0 : PRO_PRICE_RUB;
}
