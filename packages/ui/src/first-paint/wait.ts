import { FIRST_PAINT_READY } from '@autoradar/contract/early-calls';

// What the apps' entries wait for before the app runs (apps/*/src/main.tsx, issue 32): the promise the page's inline
// script left for a returning user when it loaded the first-paint script (packages/contract early-calls.ts), settled
// by the painter once the first cards are painted or at once when it paints nothing (painter.ts startFirstPaint), and
// in any case after FIRST_PAINT_WAIT_MS. Without it (a new device, another build) nothing waits.

/** Settles when the app may run. */
export function firstPaintSettled(): Promise<unknown> {
  const ready: unknown =
    typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>)[FIRST_PAINT_READY];
  return ready && typeof (ready as Promise<unknown>).then === 'function'
    ? (ready as Promise<unknown>).catch(() => undefined)
    : Promise.resolve();
}
