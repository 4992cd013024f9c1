import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

// The one worker loop (issue 27): notifications, report orders and guest announcements run on it, and so can the
// source reader. A pass (`runOnce`) claims work (jobs/claim.ts) and does it; between passes the loop idles until the
// next poll, the next due row, or a wake() (new work in this process, or a PostgreSQL NOTIFY from another), whichever
// comes first. stop() aborts `signal` (so a pass can cut its calls short and give its rows back), wakes the sleepers
// and resolves when every lane has ended.

export interface WorkerLoopOptions {
  /**
   * One pass. Resolves true when more work may be waiting right now (a claim came back full): the loop goes again at
   * once; false: the loop idles. A throw is reported to `onError` (unless stopping) and the loop idles.
   */
  runOnce(signal: AbortSignal): Promise<boolean>;
  /** The safety-net poll: the longest an idle lane sleeps without a wake. */
  pollMs: number;
  /** When the next known row falls due (a held delivery, a source's next read), in ms from now; shortens the sleep. */
  nextDueMs?: () => Promise<number>;
  /** Lanes working at once, each running passes on its own (report orders run two). */
  concurrency?: number;
  onError(err: unknown): void;
}

export interface WorkerLoop {
  /** Aborted when stop() is called: passes check it and give held rows back. */
  readonly signal: AbortSignal;
  start: () => void;
  /** New work exists: look now instead of at the next poll. */
  wake: () => void;
  stop: () => Promise<void>;
}

/** The shortest sleep between passes when a row is due (or overdue) already. */
export const MIN_IDLE_MS = 50;

/** A worker's name in the lease columns (`locked_by`): host, process and a random part, unique per worker object. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  let signalled = false;
  let lanes: Promise<void>[] = [];

  function wake(): void {
    signalled = true;
    for (const resume of [...sleepers]) resume();
  }

  async function idleMs(): Promise<number> {
    if (!options.nextDueMs) return options.pollMs;
    const due = await options.nextDueMs().catch(() => options.pollMs);
    return Math.max(MIN_IDLE_MS, Math.min(options.pollMs, due));
  }

  async function idle(): Promise<void> {
    if (signalled || stopping.signal.aborted) return;
    const wait = await idleMs();
    if (signalled || stopping.signal.aborted) return;
    await new Promise<void>((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        sleepers.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, wait);
      timer.unref();
      sleepers.add(resume);
    });
  }

  async function lane(): Promise<void> {
    while (!stopping.signal.aborted) {
      signalled = false;
      let more = false;
      try {
        more = await options.runOnce(stopping.signal);
      } catch (err) {
        if (!stopping.signal.aborted) options.onError(err);
      }
      if (!more) await idle();
    }
  }

  return {
    signal: stopping.signal,
    start() {
      if (lanes.length > 0 || stopping.signal.aborted) return;
      lanes = Array.from({ length: options.concurrency ?? 1 }, () => lane());
    },
    wake,
    async stop() {
      stopping.abort();
      wake();
      await Promise.all(lanes);
    },
  };
}
