import { defineConfig } from 'vitest/config';

// One run covers every workspace package; DB-backed suites run once per target (PGlite and PostgreSQL)
// through packages/db's test helpers, so nothing here selects a database.
export default defineConfig({
  test: {
    include: ['{apps,packages,bot,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'tests/bench/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    setupFiles: ['packages/ui/src/testing/dom-setup.ts'],
    // The run's folder for the demo data the browser journeys' servers start from, seeded once by the first of them
    // (tests/support/demo-data.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // expect.poll gives up after 1 s by default, less than a loaded CI machine takes to render a signed-in screen;
    // a poll that succeeds returns at once, so only a failure waits the full 15 s.
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time on this two-core machine (Vitest's default, cores - 1, runs one). Three measured no faster
    // (28.9 against ~30 minutes for the whole command: the run is CPU-bound) and stretched the browser journeys.
    maxWorkers: 2,
  },
});
