import { describe, expect, it } from 'vitest';
import { maxInAnyWindow } from '../testing/rate-window';
import { createHostLimiter } from './host-limiter';

// The per-host limiter: concurrency and starts per second per host, hosts independent, and a pause that holds a host.

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('host limiter', () => {
  it('keeps each host to its concurrency and paces its starts, independently', async () => {
    const limiter = createHostLimiter({
      limitOf: (host) => (host === 't.me' ? { concurrency: 2, perSecond: 4 } : undefined),
    });
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const task = async () => {
      starts.push(Date.now());
      most = Math.max(most, ++running);
      await tick(700);
      running--;
    };
    const unlimited: number[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, () => limiter.run('t.me', task)),
      ...Array.from({ length: 10 }, () => limiter.run('other.host', async () => void unlimited.push(Date.now()))),
    ]);
    expect(starts).toHaveLength(10);
    expect(most).toBe(2);
    expect(maxInAnyWindow(starts)).toBeLessThanOrEqual(4);
    // Evenly paced (1.1 s / 4), never a burst of the whole limit at once.
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(270);
    // The unlimited host did not queue behind t.me.
    expect(Math.max(...unlimited)).toBeLessThan(Math.max(...starts));
  });

  it('holds every request to a paused host until the pause ends, and keeps the longer of two pauses', async () => {
    let now = 1_000;
    const slept: number[] = [];
    const limiter = createHostLimiter({
      limitOf: () => ({ concurrency: 5, perSecond: 100 }),
      now: () => now,
      sleep: (ms) => {
        slept.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    limiter.pause('api.vk.com', 60_000);
    limiter.pause('api.vk.com', 5_000);
    expect(limiter.pausedUntil('api.vk.com')).toBe(61_000);
    expect(await limiter.run('api.vk.com', () => Promise.resolve('read'))).toBe('read');
    expect(slept).toEqual([60_000]);
    expect(limiter.pausedUntil('t.me')).toBe(0);
  });
});
