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
    // Three files at a time on this two-core machine: Vitest's default (cores - 1) runs one, and the files spend much
    // of their time waiting on PostgreSQL, a browser or a socket; with two, the CPU still idled a third of the run.
    maxWorkers: 3,
  },
});
