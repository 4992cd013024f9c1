import { toDate } from './zoned-time';

export interface TariffUser {
  is_pro: boolean;
  pro_expired: string | Date | null;
}

/** PRO is active when is_pro is set and pro_expired is still in the future (spec §4). */
export function isProActive(user: TariffUser | null | undefined, now: Date): boolean {
  if (!user?.is_pro || user.pro_expired === null) return false;
  return toDate(user.pro_expired).getTime() > now.getTime();
}
