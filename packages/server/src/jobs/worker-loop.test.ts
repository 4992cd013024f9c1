import { describe, expect, it } from 'vitest';
import { createWorkerLoop } from './worker-loop';

// The one worker loop: a pass runs at start, a pass that says "more" is followed at once, an idle lane sleeps until
// wake(), a failing pass is reported and the loop goes on, and stop() cuts a pass short and ends every lane.

const HOUR = 3_600_000;

/** Resolves when `check` holds, looking after every turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('worker loop', () => {
  it('runs a pass at start, again at once while there is more, then sleeps until woken', async () => {
    let work = 3;
    let passes = 0;
    const loop = createWorkerLoop({
      runOnce: async () => {
        passes += 1;
        if (work === 0) return false;
        work -= 1;
        return work > 0;
      },
      pollMs: HOUR,
      onError: () => {},
    });
    loop.start();
    await until(() => work === 0);
    const settled = passes;
    await new Promise((resolve) => setImmediate(resolve));
    expect(passes).toBe(settled);
    work = 1;
    loop.wake();
    await until(() => work === 0);
    await loop.stop();
    expect(passes).toBe(settled + 1);
  });

  it('reports a failing pass and keeps going', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = createWorkerLoop({
      runOnce: async () => {
        passes += 1;
        if (passes === 1) throw new Error('database down');
        return false;
      },
      pollMs: HOUR,
      onError: (err) => errors.push(err),
    });
    loop.start();
    await until(() => errors.length === 1);
    loop.wake();
    await until(() => passes === 2);
    await loop.stop();
    expect(errors).toEqual([new Error('database down')]);
  });

  it('stop() aborts the running passes of every lane and resolves when they have ended', async () => {
    let running = 0;
    const ended: string[] = [];
    const loop = createWorkerLoop({
      runOnce: (signal) =>
        new Promise<boolean>((resolve) => {
          running += 1;
          signal.addEventListener('abort', () => {
            ended.push('given back');
            resolve(false);
          });
        }),
      pollMs: HOUR,
      concurrency: 2,
      onError: () => {},
    });
    loop.start();
    loop.start();
    await until(() => running === 2);
    await loop.stop();
    expect(ended).toEqual(['given back', 'given back']);
    expect(loop.signal.aborted).toBe(true);
  });

  it('sleeps no longer than the next due row says', async () => {
    let passes = 0;
    const loop = createWorkerLoop({
      runOnce: async () => {
        passes += 1;
        return false;
      },
      pollMs: HOUR,
      nextDueMs: async () => -5,
      onError: () => {},
    });
    loop.start();
    await until(() => passes >= 3);
    await loop.stop();
  });
});
