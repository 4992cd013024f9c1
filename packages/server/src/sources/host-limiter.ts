import pLimit, { type LimitFunction } from 'p-limit';

// Per-host limits for source reads (issue 28): at most `concurrency` requests in flight (p-limit), starts paced evenly
// so that no window of a second holds more than `perSecond` of them, and a pause that holds every request to the host
// (a 429's Retry-After, VK's error 29, an MTProto FLOOD_WAIT). The pacing is hand-written: p-throttle's strict mode
// plans each call's time and records the plan, so after the event loop stalls (a busy process parsing pages) several
// planned starts fire together — measured, 34 arrivals in one second at a limit of 30 — and a window that admits its
// whole limit at once lets a slow first batch (new connections) and the next one arrive within one second (measured,
// 6 at a limit of 3). Here a start is recorded when it happens, one every 1.1 s / perSecond: the extra 100 ms is the
// slack between the starts we count and the arrivals the host counts. The limits hold within one process; N workers
// share a host's budget by each taking 1/N of it (the scheduler's setting).

/** Slack between the starts we count and the arrivals the host counts. */
const WINDOW_MS = 1_100;

export interface HostLimit {
  concurrency: number;
  perSecond: number;
}

export interface HostLimiter {
  /** Runs `task` when the host's limits allow it. */
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
  /** Holds every request to `host` until `ms` from now (a longer pause already in force stays). */
  pause(host: string, ms: number): void;
  /** When the host's pause ends (epoch ms), or 0. */
  pausedUntil(host: string): number;
}

export interface HostLimiterOptions {
  /** The limit of each host; a host it returns nothing for runs unlimited. */
  limitOf: (host: string) => HostLimit | undefined;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface HostGate {
  limit: LimitFunction;
  /** The least time between two starts. */
  spacingMs: number;
  lastStart: number;
  pausedUntil: number;
}

export function createHostLimiter(options: HostLimiterOptions): HostLimiter {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const gates = new Map<string, HostGate>();

  const gateOf = (host: string): HostGate => {
    let gate = gates.get(host);
    if (!gate) {
      const limit = options.limitOf(host);
      gate = {
        limit: pLimit(limit?.concurrency ?? Number.POSITIVE_INFINITY),
        spacingMs: limit ? WINDOW_MS / limit.perSecond : 0,
        lastStart: Number.NEGATIVE_INFINITY,
        pausedUntil: 0,
      };
      gates.set(host, gate);
    }
    return gate;
  };

  /** Waits until the host is not paused and its pace allows a start, then records this one. */
  async function startSlot(gate: HostGate): Promise<void> {
    for (;;) {
      const t = now();
      const wait = Math.max(gate.pausedUntil, gate.lastStart + gate.spacingMs) - t;
      if (wait <= 0) {
        gate.lastStart = t;
        return;
      }
      await sleep(wait);
    }
  }

  return {
    run(host, task) {
      const gate = gateOf(host);
      return gate.limit(async () => {
        await startSlot(gate);
        return task();
      });
    },
    pause(host, ms) {
      const gate = gateOf(host);
      gate.pausedUntil = Math.max(gate.pausedUntil, now() + ms);
    },
    pausedUntil(host) {
      return gates.get(host)?.pausedUntil ?? 0;
    },
  };
}
