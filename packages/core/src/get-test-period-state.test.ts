import { describe, expect, it } from 'vitest';
import { canStartTestPeriod, formatCountdown, getTestPeriodEnd, getTestPeriodState } from './get-test-period-state';

const startedAt = '2025-06-15T12:00:00Z';
const at = (iso: string) => new Date(iso);

describe('getTestPeriodState', () => {
  it('is not started without started_at or for guests', () => {
    expect(getTestPeriodState({ started_at: null }, at(startedAt))).toEqual({ status: 'not_started' });
    expect(getTestPeriodState(null, at(startedAt))).toEqual({ status: 'not_started' });
  });

  it('runs for 24 hours with a countdown and the share left', () => {
    expect(getTestPeriodState({ started_at: startedAt }, at(startedAt))).toMatchObject({
      status: 'running',
      countdown: '24:00:00',
      remainingPercent: 100,
    });
    expect(getTestPeriodState({ started_at: startedAt }, at('2025-06-16T00:00:00Z'))).toMatchObject({
      status: 'running',
      countdown: '12:00:00',
      remainingPercent: 50,
      remainingMs: 12 * 3_600_000,
    });
    expect(getTestPeriodState({ started_at: startedAt }, at('2025-06-16T11:59:59.500Z'))).toMatchObject({
      status: 'running',
      countdown: '00:00:01',
    });
  });

  it('expires exactly 24 hours after the start', () => {
    expect(getTestPeriodState({ started_at: startedAt }, at('2025-06-16T12:00:00Z'))).toEqual({
      status: 'expired',
      endedAt: at('2025-06-16T12:00:00Z'),
    });
    expect(getTestPeriodState({ started_at: startedAt }, at('2025-07-01T00:00:00Z')).status).toBe('expired');
  });

  it('computes the end', () => {
    expect(getTestPeriodEnd(startedAt).toISOString()).toBe('2025-06-16T12:00:00.000Z');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [-5, '00:00:00'],
    [1, '00:00:01'],
    [59_000, '00:00:59'],
    [61_000, '00:01:01'],
    [3_600_000, '01:00:00'],
    [86_399_000, '23:59:59'],
    [86_400_000, '24:00:00'],
  ])('%d ms -> %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });
});

describe('canStartTestPeriod', () => {
  it('allows one start per signed-in user', () => {
    expect(canStartTestPeriod({ started_at: null })).toBe(true);
    expect(canStartTestPeriod({ started_at: startedAt })).toBe(false);
    expect(canStartTestPeriod(null)).toBe(false);
  });
});
