import { RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_STEP_MS, RECONNECT_MAX_ATTEMPTS } from './constants';

/**
 * Delay before reconnect attempt `attempt` (1-based): 1 s times the attempt, capped at 10 s; null once the attempts
 * (5 by default) are used up. The caller resets its counter to 0 after a successful manual connect.
 */
export function getReconnectDelay(attempt: number, maxAttempts: number = RECONNECT_MAX_ATTEMPTS): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > maxAttempts) return null;
  return Math.min(RECONNECT_DELAY_STEP_MS * attempt, RECONNECT_DELAY_MAX_MS);
}

/**
 * The next attempt after `attemptsMade` failed ones, or null when the 5 are used up. The counter is the caller's
 * state: it goes back to 0 after a successful manual connect, which makes all 5 attempts available again.
 */
export function nextReconnectAttempt(attemptsMade: number): { attempt: number; delayMs: number } | null {
  const attempt = attemptsMade + 1;
  const delayMs = getReconnectDelay(attempt);
  return delayMs === null ? null : { attempt, delayMs };
}

/** The periodic check: while connected, every tracked channel that is not subscribed gets subscribed again. */
export function getChannelsToResubscribe(
  tracked: Iterable<string>,
  subscribed: ReadonlySet<string>,
  isConnected: boolean,
): string[] {
  if (!isConnected) return [];
  return [...new Set(tracked)].filter((channel) => !subscribed.has(channel));
}
