// `pnpm test`: typecheck, lint, build the apps (the browser tests open them), then every test in one Vitest run.
// Closes with the line CI reads: "N passed, N failed[, N skipped]"; a failed typecheck, lint or build counts as a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Nested pnpm calls go through the same pnpm that runs this script, installed globally or not (npx -y pnpm@10).
const pnpm = (args) =>
  process.env.npm_execpath
    ? spawnSync(process.execPath, [process.env.npm_execpath, ...args], { stdio: 'inherit' })
    : spawnSync('pnpm', args, { stdio: 'inherit' });

let stepFailures = 0;
for (const [title, args] of [
  ['typecheck', ['typecheck']],
  ['lint', ['lint']],
  ['build', ['build']],
]) {
  console.log(`\n== ${title} ==`);
  if (pnpm(args).status !== 0) {
    console.error(`${title} failed`);
    stepFailures += 1;
  }
}

console.log('\n== tests ==');
mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
rmSync(out, { force: true });
const res = pnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${out}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = stepFailures;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test of its own; count it so that it cannot pass unnoticed.
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  skipped = report.numPendingTests + report.numTodoTests;
} else {
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(res.status === 0 && failed === 0 ? 0 : 1);
