import { DEFAULT_TIME_ZONE } from './constants';
import { MESSAGES } from './messages';
import { calendarDaysBetween, getZonedParts, toDate } from './zoned-time';

const relative = new Intl.RelativeTimeFormat('ru', { numeric: 'always', style: 'long' });
const clockFormats = new Map<string, Intl.DateTimeFormat>();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;

function formatClock(date: Date, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * Relative time of a listing (spec §9): 'только что' under a minute (and for clock skew into the future), minutes
 * under an hour, hours while still today, 'вчера в HH:MM', days under 30, then months, then years. 'Today' and
 * 'yesterday' are calendar days of `timeZone`; Intl supplies the Russian plural forms.
 */
export function formatTimeAgo(value: Date | string, now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return MESSAGES.justNow;
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');

  const days = calendarDaysBetween(getZonedParts(date, timeZone), getZonedParts(now, timeZone));
  if (days <= 0) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (days === 1) return MESSAGES.yesterdayAt(formatClock(date, timeZone));
  if (days < DAYS_PER_MONTH) return relative.format(-days, 'day');
  if (days < DAYS_PER_YEAR) return relative.format(-Math.min(11, Math.floor(days / DAYS_PER_MONTH)), 'month');
  return relative.format(-Math.floor(days / DAYS_PER_YEAR), 'year');
}
