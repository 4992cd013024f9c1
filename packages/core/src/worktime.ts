import { DEFAULT_TIME_ZONE } from './constants';
import { parseTime, type WorktimeSettings } from './worktime-settings';
import { getZonedParts, zonedTimeToUtc } from './zoned-time';

const MINUTES_PER_DAY = 24 * 60;

/** A day's window in minutes from that day's midnight; it may end on the next day (across midnight). */
function windowOf(settings: WorktimeSettings): { start: number; end: number } {
  const start = parseTime(settings.start);
  const end = parseTime(settings.end);
  // Equal start and end is rejected by validation; read defensively as a whole day rather than an empty window.
  return { start, end: end > start ? end : end + MINUTES_PER_DAY };
}

/**
 * Whether `now` lies in a delivery window, read on the wall clock of the user's time zone. A window belongs to the
 * day it starts on: with Friday selected and 22:00-06:00, Saturday 05:59 is inside and Friday 05:59 is not.
 */
export function isWithinWorktime(settings: WorktimeSettings, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const { start, end } = windowOf(settings);
  const local = getZonedParts(now, timeZone);
  const minute = local.hour * 60 + local.minute;
  const today = local.weekday;
  const yesterday = (today + 6) % 7;
  if (settings.days.includes(today) && minute >= start && minute < end) return true;
  return settings.days.includes(yesterday) && minute + MINUTES_PER_DAY < end;
}

/**
 * When a notification held for working hours may go out: `now` if inside a window, else the next window's start,
 * or null when no day is selected.
 */
export function getNextWorktimeStart(
  settings: WorktimeSettings,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date | null {
  if (settings.days.length === 0) return null;
  if (isWithinWorktime(settings, now, timeZone)) return now;
  const { start } = windowOf(settings);
  const local = getZonedParts(now, timeZone);
  for (let offset = 0; offset <= 7; offset += 1) {
    if (!settings.days.includes((local.weekday + offset) % 7)) continue;
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + offset));
    const candidate = zonedTimeToUtc(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: Math.floor(start / 60),
        minute: start % 60,
      },
      timeZone,
    );
    if (candidate.getTime() > now.getTime()) return candidate;
  }
  return null;
}
