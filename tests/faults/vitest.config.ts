import { defineConfig } from 'vitest/config';

// The fault suites (issue 31): real processes killed and services stopped, minutes each, so they are not part of
// `pnpm test`. `pnpm test:faults [name]`; figures go to test-results/faults/ and docs/reliability.md.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/faults/**/*.fault.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
