import { FIRST_PAINT_READY } from './snapshot';

// What the apps' entries wait for before the app runs (apps/*/src/main.tsx, issue 32): the first-paint script's
// promise (painter.ts startFirstPaint), settled once the first cards are painted, or at most PAINT_WAIT_MS, or at once
// when it paints nothing. Without the script (another build, a failed download) nothing waits.

/** Settles when the app may run. */
export function firstPaintSettled(): Promise<unknown> {
  const ready: unknown =
    typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>)[FIRST_PAINT_READY];
  return ready && typeof (ready as Promise<unknown>).then === 'function'
    ? (ready as Promise<unknown>).catch(() => undefined)
    : Promise.resolve();
}
