import { BASIC_DELAY_HOURS, OWN_CHANNEL } from './constants';
import { isProActive, type TariffUser } from './is-pro-active';
import { toDate } from './zoned-time';

export function isOwnPost(post: { channel: string }): boolean {
  return post.channel === OWN_CHANNEL;
}

/**
 * The newest publication time of an aggregated listing a user may see: PRO sees everything (null), guests and
 * basic users see it only once it is 24 hours old.
 */
export function getDelayCutoff(user: TariffUser | null | undefined, now: Date): Date | null {
  return isProActive(user, now) ? null : new Date(now.getTime() - BASIC_DELAY_HOURS * 3_600_000);
}

/** The delay applies to aggregated listings only; the product's own listings are visible at once. */
export function isPostVisible(
  post: { channel: string; published_at: string | Date },
  user: TariffUser | null | undefined,
  now: Date,
): boolean {
  if (isOwnPost(post)) return true;
  const cutoff = getDelayCutoff(user, now);
  return cutoff === null || toDate(post.published_at).getTime() <= cutoff.getTime();
}
