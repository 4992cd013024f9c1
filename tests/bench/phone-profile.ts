// The phone the first-card measurements emulate (issue 32), shared by the bench and its profiling script.

/** Chrome DevTools' "Fast 4G" preset as it throttles: 9 Mbit/s down and 1.5 up at 90 %, 60 ms × 2.75 latency. */
export const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
  connectionType: 'cellular4g',
} as const;

/** A mid-range phone's CPU against this machine's, as DevTools' CPU throttling. */
export const CPU_SLOWDOWN = 4;
