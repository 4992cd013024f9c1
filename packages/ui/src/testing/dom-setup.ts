import { afterAll, vi } from 'vitest';

// Set-up of every Vitest file (vitest.config.ts); it acts only in the files that run in a DOM environment (the UI's
// component tests), the others pay nothing.

// Telegram UI's ripple sets React state 70 ms after a pointer press and clears it 225 ms later. When a component
// test ends on a click, those timers could fire after the DOM environment is torn down ("window is not defined").
// Timers fire in order of their due time, so waiting longer than both before the file ends lets them run first.
const RIPPLE_SETTLE_MS = 400;

if ('window' in globalThis) {
  // findBy*/waitFor give up after this long. Testing Library's 1 s default is short on a two-core CI machine running
  // two test files beside a build; a wait that succeeds returns as soon as it does, so only a failure waits longer.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });

  afterAll(async () => {
    // Under fake timers the ripple's timers are fake too and never fire on their own.
    if (vi.isFakeTimers()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, RIPPLE_SETTLE_MS));
  });
}
