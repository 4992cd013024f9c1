import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, drawn between half the step and the whole step', () => {
    const low = (n: number) => backoffDelay(n, { random: () => 0 });
    const high = (n: number) => backoffDelay(n, { random: () => 1 - Number.EPSILON });
    expect([1, 2, 3, 4].map(low)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3].map(high)).toEqual([60_000, 120_000, 240_000]);
    expect(high(20)).toBe(3_600_000);
    expect(low(20)).toBe(1_800_000);
  });

  it('spreads sources that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(120_000);
  });

  it('never comes back before the source’s own Retry-After', () => {
    expect(backoffDelay(1, { random: () => 0, retryAfterMs: 3_600_000 })).toBe(3_600_000);
  });
});
