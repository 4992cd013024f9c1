import { describe, expect, it } from 'vitest';
import { getNextWorktimeStart, isWithinWorktime } from './worktime';

// Moscow is UTC+3 all year: 2025-06-13 is a Friday.
const moscow = (local: string) => new Date(`${local}+03:00`);
const weekdays = { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
const fridayNight = { days: [5], start: '22:00', end: '06:00' };

describe('isWithinWorktime', () => {
  it('includes the start and excludes the end', () => {
    expect(isWithinWorktime(weekdays, moscow('2025-06-13T08:59'))).toBe(false);
    expect(isWithinWorktime(weekdays, moscow('2025-06-13T09:00'))).toBe(true);
    expect(isWithinWorktime(weekdays, moscow('2025-06-13T17:59'))).toBe(true);
    expect(isWithinWorktime(weekdays, moscow('2025-06-13T18:00'))).toBe(false);
  });

  it('checks the weekday, 0 being Sunday', () => {
    expect(isWithinWorktime(weekdays, moscow('2025-06-14T12:00'))).toBe(false);
    expect(isWithinWorktime(weekdays, moscow('2025-06-15T12:00'))).toBe(false);
    expect(isWithinWorktime({ ...weekdays, days: [0] }, moscow('2025-06-15T12:00'))).toBe(true);
  });

  it('runs a window across midnight into the next day', () => {
    expect(isWithinWorktime(fridayNight, moscow('2025-06-13T21:59'))).toBe(false);
    expect(isWithinWorktime(fridayNight, moscow('2025-06-13T22:00'))).toBe(true);
    expect(isWithinWorktime(fridayNight, moscow('2025-06-13T23:59'))).toBe(true);
    expect(isWithinWorktime(fridayNight, moscow('2025-06-14T00:00'))).toBe(true);
    expect(isWithinWorktime(fridayNight, moscow('2025-06-14T05:59'))).toBe(true);
    expect(isWithinWorktime(fridayNight, moscow('2025-06-14T06:00'))).toBe(false);
    // Friday early morning belongs to Thursday's window, which is not selected.
    expect(isWithinWorktime(fridayNight, moscow('2025-06-13T05:59'))).toBe(false);
  });

  it('reads the wall clock of the given time zone', () => {
    const instant = new Date('2025-06-13T06:30:00Z'); // 09:30 in Moscow, 06:30 UTC, 16:30 in Vladivostok
    expect(isWithinWorktime(weekdays, instant, 'Europe/Moscow')).toBe(true);
    expect(isWithinWorktime(weekdays, instant, 'UTC')).toBe(false);
    expect(isWithinWorktime(weekdays, instant, 'Asia/Vladivostok')).toBe(true);
  });

  it('reads an equal start and end as a whole day', () => {
    const allDay = { days: [5], start: '10:00', end: '10:00' };
    expect(isWithinWorktime(allDay, moscow('2025-06-14T09:59'))).toBe(true);
    expect(isWithinWorktime(allDay, moscow('2025-06-14T10:00'))).toBe(false);
  });
});

describe('getNextWorktimeStart', () => {
  it('is now when inside a window', () => {
    const now = moscow('2025-06-13T10:00');
    expect(getNextWorktimeStart(weekdays, now)).toBe(now);
  });

  it('is later today before the window', () => {
    expect(getNextWorktimeStart(weekdays, moscow('2025-06-13T07:00'))?.toISOString()).toBe('2025-06-13T06:00:00.000Z');
  });

  it('skips to the next selected day after the window', () => {
    // Friday evening -> Monday 09:00
    expect(getNextWorktimeStart(weekdays, moscow('2025-06-13T18:00'))?.toISOString()).toBe('2025-06-16T06:00:00.000Z');
  });

  it('waits a full week when only today is selected and the window is over', () => {
    expect(getNextWorktimeStart(fridayNight, moscow('2025-06-14T06:00'))?.toISOString()).toBe(
      '2025-06-20T19:00:00.000Z',
    );
  });

  it('is null without days', () => {
    expect(getNextWorktimeStart({ ...weekdays, days: [] }, moscow('2025-06-13T07:00'))).toBeNull();
  });

  it('handles daylight saving time', () => {
    // Berlin switches to summer time on 2025-03-30 at 02:00; Monday 31 March 09:00 is 07:00 UTC.
    const sunday = new Date('2025-03-30T12:00:00Z');
    expect(getNextWorktimeStart(weekdays, sunday, 'Europe/Berlin')?.toISOString()).toBe('2025-03-31T07:00:00.000Z');
    // Friday 28 March 09:00 is still winter time, 08:00 UTC.
    const thursdayEvening = new Date('2025-03-27T20:00:00Z');
    expect(getNextWorktimeStart(weekdays, thursdayEvening, 'Europe/Berlin')?.toISOString()).toBe(
      '2025-03-28T08:00:00.000Z',
    );
  });
});
