import { afterAll, vi } from 'vitest';

// Telegram UI's ripple sets React state 70 ms after a pointer press and clears it 225 ms later. When a component
// test ends on a click, those timers could fire after the DOM environment is torn down ("window is not defined").
// Timers fire in order of their due time, so waiting longer than both before the file ends lets them run first.
const RIPPLE_SETTLE_MS = 400;

if ('window' in globalThis) {
  afterAll(async () => {
    // Under fake timers the ripple's timers are fake too and never fire on their own.
    if (vi.isFakeTimers()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, RIPPLE_SETTLE_MS));
  });
}
