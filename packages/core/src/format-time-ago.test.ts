import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time-ago';

// 15 June 2025, 15:00 in Moscow (UTC+3 all year).
const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it('says "только что" under a minute and for future instants', () => {
    expect(formatTimeAgo(now, now)).toBe('только что');
    expect(formatTimeAgo(ago(59_999), now)).toBe('только что');
    expect(formatTimeAgo(ago(-5 * MINUTE), now)).toBe('только что');
  });

  it.each([
    [1, '1 минуту назад'],
    [2, '2 минуты назад'],
    [5, '5 минут назад'],
    [11, '11 минут назад'],
    [21, '21 минуту назад'],
    [22, '22 минуты назад'],
    [25, '25 минут назад'],
    [59, '59 минут назад'],
  ])('%d minutes -> %s', (minutes, expected) => {
    expect(formatTimeAgo(ago(minutes * MINUTE), now)).toBe(expected);
  });

  it.each([
    [1, '1 час назад'],
    [2, '2 часа назад'],
    [5, '5 часов назад'],
    [11, '11 часов назад'],
    [14, '14 часов назад'],
  ])('%d hours today -> %s', (hours, expected) => {
    expect(formatTimeAgo(ago(hours * HOUR), now)).toBe(expected);
  });

  it('uses hours for 21 and 22 while still the same calendar day', () => {
    const lateEvening = new Date('2025-06-15T20:59:00Z'); // 23:59 in Moscow
    expect(formatTimeAgo(new Date(lateEvening.getTime() - 21 * HOUR), lateEvening)).toBe('21 час назад');
    expect(formatTimeAgo(new Date(lateEvening.getTime() - 22 * HOUR), lateEvening)).toBe('22 часа назад');
  });

  it('says "вчера в HH:MM" for the previous calendar day in the time zone', () => {
    expect(formatTimeAgo(new Date('2025-06-14T18:05:00Z'), now)).toBe('вчера в 21:05');
    expect(formatTimeAgo(new Date('2025-06-13T21:00:00Z'), now)).toBe('вчера в 00:00');
  });

  it('switches from minutes to "вчера" across midnight only after an hour', () => {
    const justAfterMidnight = new Date('2025-06-14T21:10:00Z'); // 00:10 Moscow
    expect(formatTimeAgo(new Date('2025-06-14T20:50:00Z'), justAfterMidnight)).toBe('20 минут назад');
    expect(formatTimeAgo(new Date('2025-06-14T20:00:00Z'), justAfterMidnight)).toBe('вчера в 23:00');
  });

  it('depends on the time zone for "today"', () => {
    const date = new Date('2025-06-14T22:00:00Z');
    const at = new Date('2025-06-15T01:00:00Z');
    expect(formatTimeAgo(date, at, 'Europe/Moscow')).toBe('3 часа назад');
    expect(formatTimeAgo(date, at, 'UTC')).toBe('вчера в 22:00');
  });

  it.each([
    [2, '2 дня назад'],
    [5, '5 дней назад'],
    [11, '11 дней назад'],
    [21, '21 день назад'],
    [22, '22 дня назад'],
    [25, '25 дней назад'],
    [29, '29 дней назад'],
  ])('%d days -> %s', (days, expected) => {
    expect(formatTimeAgo(ago(days * DAY), now)).toBe(expected);
  });

  it.each([
    [30, '1 месяц назад'],
    [60, '2 месяца назад'],
    [150, '5 месяцев назад'],
    [330, '11 месяцев назад'],
    [364, '11 месяцев назад'],
  ])('%d days -> %s', (days, expected) => {
    expect(formatTimeAgo(ago(days * DAY), now)).toBe(expected);
  });

  it.each([
    [1, '1 год назад'],
    [2, '2 года назад'],
    [5, '5 лет назад'],
    [11, '11 лет назад'],
    [21, '21 год назад'],
    [22, '22 года назад'],
    [25, '25 лет назад'],
  ])('%d years -> %s', (years, expected) => {
    expect(formatTimeAgo(ago(years * 365 * DAY + DAY), now)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(formatTimeAgo('2025-06-15T11:55:00Z', now)).toBe('5 минут назад');
  });
});
