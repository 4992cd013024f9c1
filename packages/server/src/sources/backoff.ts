// The wait before the next try of a source that failed `failures` times in a row (issue 28): exponential, capped, with
// "equal jitter" (a uniform draw between half the step and the whole step, as AWS's backoff note names it), so 1 400 sources that failed together (a
// network outage) do not come back in one burst. A source's own Retry-After / FLOOD_WAIT is a floor under it.
// Written by hand: the retry libraries (p-retry, exponential-backoff) run the retries themselves, while the scheduler
// only needs the next due time to store.

export interface BackoffOptions {
  /** The first wait (default 1 min). */
  baseMs?: number;
  /** No wait is longer (default 60 min, the longest read interval). */
  maxMs?: number;
  /** A number in [0, 1) (Math.random by default; tests pass a fixed one). */
  random?: () => number;
}

export function backoffDelay(failures: number, options: BackoffOptions & { retryAfterMs?: number } = {}): number {
  const base = options.baseMs ?? 60_000;
  const max = options.maxMs ?? 3_600_000;
  const random = options.random ?? Math.random;
  const step = Math.min(max, base * 2 ** Math.max(0, failures - 1));
  const jittered = Math.round(step / 2 + random() * (step / 2));
  return Math.max(jittered, options.retryAfterMs ?? 0);
}
