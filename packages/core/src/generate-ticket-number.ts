import { DEFAULT_TIME_ZONE, TICKET_RANDOM_MAX, TICKET_RANDOM_MIN } from './constants';
import { getZonedParts } from './zoned-time';

/** Matches generated numbers: day, month (neither padded), two-digit year, '-', three digits. */
export const TICKET_NUMBER_PATTERN = /^\d{4,6}-\d{3}$/;

/**
 * Client-side ticket number (spec §3): day of month, month number and two-digit year joined, a hyphen, then a random
 * number from 100 to 999. `random` returns [0, 1) like Math.random; the server's ticket replaces this one.
 */
export function generateTicketNumber(
  now: Date,
  random: () => number = Math.random,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const { day, month, year } = getZonedParts(now, timeZone);
  const span = TICKET_RANDOM_MAX - TICKET_RANDOM_MIN + 1;
  const suffix = TICKET_RANDOM_MIN + Math.min(span - 1, Math.floor(random() * span));
  return `${day}${month}${String(year % 100).padStart(2, '0')}-${suffix}`;
}
