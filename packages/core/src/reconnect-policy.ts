import { RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_STEP_MS, RECONNECT_MAX_ATTEMPTS } from './constants';

/**
 * Delay before reconnect attempt `attempt` (1-based): 1 s times the attempt, capped at 10 s; null once the 5 attempts
 * are used up. The caller resets its counter to 0 after a successful manual connect.
 */
export function getReconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > RECONNECT_MAX_ATTEMPTS) return null;
  return Math.min(RECONNECT_DELAY_STEP_MS * attempt, RECONNECT_DELAY_MAX_MS);
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
