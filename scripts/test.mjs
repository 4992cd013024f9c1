// Runs the whole suite once and closes with the line CI reads: "N passed, N failed[, N skipped]".
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env });

// Browser tests open the built apps, so build them first (cheap: Vite, a few seconds).
const build = run('pnpm', ['build']);
if (build.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
const res = run('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...process.argv.slice(2)]);

let passed = 0, failed = 0, skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  skipped = report.numPendingTests + report.numTodoTests;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(res.status === 0 && failed === 0 ? 0 : 1);
