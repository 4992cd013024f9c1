import { TEST_PERIOD_HOURS } from './constants';
import { toDate } from './zoned-time';

const PERIOD_MS = TEST_PERIOD_HOURS * 3_600_000;

export type TestPeriodState =
  | { status: 'not_started' }
  | { status: 'running'; endsAt: Date; remainingMs: number; countdown: string; remainingPercent: number }
  | { status: 'expired'; endedAt: Date };

export interface TestPeriodUser {
  started_at: string | Date | null;
}

export function getTestPeriodEnd(startedAt: string | Date): Date {
  return new Date(toDate(startedAt).getTime() + PERIOD_MS);
}

/** The period can be started once per user; guests must sign in first. */
export function canStartTestPeriod(user: TestPeriodUser | null | undefined): boolean {
  return user !== null && user !== undefined && user.started_at === null;
}

/** hh:mm:ss, rounded up to the second so the display reads 24:00:00 at the start and never 00:00:00 while running. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** not started, running (countdown and the share left for the bar) or expired; 24 hours from started_at. */
export function getTestPeriodState(user: TestPeriodUser | null | undefined, now: Date): TestPeriodState {
  if (!user || user.started_at === null) return { status: 'not_started' };
  const endsAt = getTestPeriodEnd(user.started_at);
  const remainingMs = endsAt.getTime() - now.getTime();
  if (remainingMs <= 0) return { status: 'expired', endedAt: endsAt };
  return {
    status: 'running',
    endsAt,
    remainingMs: Math.min(remainingMs, PERIOD_MS),
    countdown: formatCountdown(Math.min(remainingMs, PERIOD_MS)),
    remainingPercent: (Math.min(remainingMs, PERIOD_MS) / PERIOD_MS) * 100,
  };
}
