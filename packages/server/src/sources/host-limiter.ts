import pLimit, { type LimitFunction } from 'p-limit';
import pThrottle from 'p-throttle';

// Per-host limits for source reads (issue 28): at most `concurrency` requests in flight and at most `perSecond`
// started in any one-second window (p-throttle's strict mode throttles each call, so no sliding second holds more,
// unlike a fixed window that lets two bursts meet at its edge; the window is 100 ms longer than a second, so that the
// host, which sees arrivals a connection set-up or a busy event loop later than our starts, still counts no more), and a pause that holds every request to the host
// (a 429's Retry-After, VK's error 29, an MTProto FLOOD_WAIT). The limits hold within one process; N workers share a
// host's budget by each taking 1/N of it (the scheduler's setting).

/** Slack between the starts we count and the arrivals the host counts. */
const WINDOW_MARGIN_MS = 100;

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
  throttle: <T>(task: () => Promise<T>) => Promise<T>;
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
      const throttled = limit
        ? pThrottle({ limit: limit.perSecond, interval: 1000 + WINDOW_MARGIN_MS, strict: true })(
            <T>(task: () => Promise<T>) => task(),
          )
        : null;
      gate = {
        limit: pLimit(limit?.concurrency ?? Number.POSITIVE_INFINITY),
        throttle: throttled ? <T>(task: () => Promise<T>) => throttled(task) as Promise<T> : (task) => task(),
        pausedUntil: 0,
      };
      gates.set(host, gate);
    }
    return gate;
  };

  return {
    run(host, task) {
      const gate = gateOf(host);
      return gate.limit(async () => {
        // A pause may begin while this request waits, so it is checked again after every wait.
        while (gate.pausedUntil > now()) await sleep(gate.pausedUntil - now());
        return gate.throttle(task);
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
