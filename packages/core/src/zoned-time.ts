import { DEFAULT_TIME_ZONE } from './constants';

/** Wall-clock reading of an instant in a time zone; weekday counts 0 = Sunday like the worktime days. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function getZonedParts(date: Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Whole calendar days from a's date to b's date, both read as wall-clock dates. */
export function calendarDaysBetween(a: ZonedParts, b: ZonedParts): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/**
 * The instant at which the wall clock of `timeZone` shows the given local time. The offset is measured at a first
 * guess and again at the corrected instant, so a DST change between the two is honoured.
 */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offsetAt = (instant: number) => {
    const p = getZonedParts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant;
  };
  const first = wanted - offsetAt(wanted);
  return new Date(wanted - offsetAt(first));
}

/** The year shown by the calendar in `timeZone`: on 1 January 00:30 in Moscow it is already the new year. */
export function getCurrentYear(now: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  return getZonedParts(now, timeZone).year;
}

/** API times are ISO strings; rules accept them or Date objects. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
