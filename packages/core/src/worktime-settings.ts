import { DEFAULT_WORKTIME_DAYS, DEFAULT_WORKTIME_END, DEFAULT_WORKTIME_START } from './constants';

/** Days 0-6 with 0 = Sunday; start and end as HH:MM. An end before the start runs past midnight. */
export interface WorktimeSettings {
  days: readonly number[];
  start: string;
  end: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidTime(text: string): boolean {
  return TIME.test(text);
}

/** Minutes since midnight of a valid HH:MM. */
export function parseTime(text: string): number {
  const match = TIME.exec(text);
  if (!match) throw new RangeError(`Invalid time: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isValidWeekday(day: number): boolean {
  return Number.isInteger(day) && day >= 0 && day <= 6;
}

export function createDefaultWorktimeSettings(): WorktimeSettings {
  return { days: [...DEFAULT_WORKTIME_DAYS], start: DEFAULT_WORKTIME_START, end: DEFAULT_WORKTIME_END };
}
