import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, getCurrentYear, getZonedParts, toDate, zonedTimeToUtc } from './zoned-time';

describe('getZonedParts', () => {
  it('reads the wall clock and weekday (0 = Sunday)', () => {
    expect(getZonedParts(new Date('2025-06-14T21:30:15Z'), 'Europe/Moscow')).toEqual({
      year: 2025,
      month: 6,
      day: 15,
      hour: 0,
      minute: 30,
      second: 15,
      weekday: 0,
    });
  });
});

describe('zonedTimeToUtc', () => {
  it('inverts getZonedParts', () => {
    expect(zonedTimeToUtc({ year: 2025, month: 6, day: 15, hour: 9, minute: 0 }).toISOString()).toBe(
      '2025-06-15T06:00:00.000Z',
    );
    expect(zonedTimeToUtc({ year: 2025, month: 1, day: 1, hour: 0, minute: 0 }, 'Asia/Vladivostok').toISOString()).toBe(
      '2024-12-31T14:00:00.000Z',
    );
  });

  it('honours summer and winter time', () => {
    expect(zonedTimeToUtc({ year: 2025, month: 1, day: 10, hour: 9, minute: 0 }, 'Europe/Berlin').toISOString()).toBe(
      '2025-01-10T08:00:00.000Z',
    );
    expect(zonedTimeToUtc({ year: 2025, month: 7, day: 10, hour: 9, minute: 0 }, 'Europe/Berlin').toISOString()).toBe(
      '2025-07-10T07:00:00.000Z',
    );
  });
});

describe('calendarDaysBetween / getCurrentYear / toDate', () => {
  it('counts calendar days', () => {
    const a = getZonedParts(new Date('2025-02-28T20:59:00Z'));
    const b = getZonedParts(new Date('2025-03-01T21:00:00Z'));
    expect(calendarDaysBetween(a, b)).toBe(2);
  });

  it('reads the year in the zone', () => {
    expect(getCurrentYear(new Date('2025-12-31T21:00:00Z'))).toBe(2026);
    expect(getCurrentYear(new Date('2025-12-31T21:00:00Z'), 'UTC')).toBe(2025);
  });

  it('parses ISO strings', () => {
    const date = new Date();
    expect(toDate(date)).toBe(date);
    expect(toDate('2025-01-01T00:00:00Z').getTime()).toBe(Date.UTC(2025, 0, 1));
  });
});
