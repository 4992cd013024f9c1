// `pnpm test`: build the apps (the browser tests open them), then every test in one Vitest run, with the typecheck and
// the lint running beside it (they need nothing built and no test needs them; on two cores, run one after the other
// they added ~3.5 minutes to CI). Their output is printed after the tests, each under its heading.
// Closes with the line CI reads: "N passed, N failed[, N skipped]"; a failed typecheck, lint or build counts as a failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';

// Nested pnpm calls go through the same pnpm that runs this script, installed globally or not (npx -y pnpm@10).
const command = (args) =>
  process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['pnpm', args];

/** Runs pnpm with `args`; resolves with its exit status. `logFile`: its output goes there instead of the terminal. */
function pnpm(args, logFile) {
  const [file, argv] = command(args);
  const stdio = logFile ? ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')] : 'inherit';
  return new Promise((resolve) => {
    const child = spawn(file, argv, { stdio });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

mkdirSync('test-results', { recursive: true });
let stepFailures = 0;

console.log('\n== build ==');
if ((await pnpm(['build'])) !== 0) {
  console.error('build failed');
  stepFailures += 1;
}

const checks = ['typecheck', 'lint'].map((title) => {
  const log = `test-results/${title}.log`;
  return { title, log, status: pnpm([title], log) };
});

console.log('\n== tests (typecheck and lint run beside them) ==');
const out = 'test-results/vitest.json';
rmSync(out, { force: true });
const vitestStatus = await pnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${out}`,
  ...process.argv.slice(2),
]);

for (const { title, log, status } of checks) {
  const code = await status;
  console.log(`\n== ${title} ==`);
  if (existsSync(log)) process.stdout.write(readFileSync(log, 'utf8'));
  if (code !== 0) {
    console.error(`${title} failed`);
    stepFailures += 1;
  }
}

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
process.exit(vitestStatus === 0 && failed === 0 ? 0 : 1);
