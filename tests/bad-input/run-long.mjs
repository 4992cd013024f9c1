// `pnpm test:bad-input [--runs N] [--seed S] [--only NAME[,NAME…]]`: the bad-input suite alone, deeper than in
// `pnpm test` (200 runs per operation there); --only keeps the operations whose name contains one of the names. Without --seed a random seed is drawn and printed, so that every long run searches
// somewhere new and any failure it finds can be replayed with the same seed. `--summary` only prints the figures of
// the last run from test-results/bad-input/, `--markdown` a table of every operation.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const resultsDir = path.join(root, 'test-results', 'bad-input');

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

function readReports() {
  if (!existsSync(resultsDir)) return [];
  return readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(resultsDir, f), 'utf8')));
}

const statusText = (statuses) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');

function summary() {
  const reports = readReports();
  if (reports.length === 0) return console.log('no results in test-results/bad-input');
  const byTarget = new Map();
  for (const report of reports) {
    const target = byTarget.get(report.target) ?? { ops: 0, requests: 0, reads: 0, writes: 0, statuses: {}, failed: 0 };
    for (const stats of Object.values(report.ops)) {
      target.ops += 1;
      target.requests += stats.requests;
      target.reads += stats.reads;
      target.writes += stats.acceptedWrites;
      target.failed += stats.failures > 0 ? 1 : 0;
      for (const [status, n] of Object.entries(stats.statuses))
        target.statuses[status] = (target.statuses[status] ?? 0) + n;
    }
    byTarget.set(report.target, target);
  }
  // Each database runs its own share of the runs per operation (run.ts shareOfRuns).
  const shares = new Map(reports.map((report) => [report.target, report.runs]));
  const total = [...shares.values()].reduce((n, runs) => n + runs, 0);
  const each = [...shares].map(([target, runs]) => `${runs} on ${target}`).join(', ');
  console.log(`\nbad-input: seed ${reports[0].seed}, ${total} runs per operation (${each})`);
  for (const [target, t] of byTarget) {
    console.log(
      `${target}: ${t.ops} operations, ${t.requests} requests (+${t.reads} read-backs after ${t.writes} accepted writes), ` +
        `${t.failed} operation(s) with failures\n  answers by status: ${statusText(t.statuses)}`,
    );
  }
}

/** One row per operation, both databases added up (each runs its own share of the runs with its own seed). */
function markdown() {
  const ops = new Map();
  for (const report of readReports()) {
    for (const [name, stats] of Object.entries(report.ops)) {
      const row = ops.get(name) ?? { ...stats, runs: 0, requests: 0, reads: 0, failures: 0, statuses: {} };
      row.runs += stats.runs;
      row.requests += stats.requests;
      row.reads += stats.reads;
      row.failures += stats.failures;
      for (const [status, n] of Object.entries(stats.statuses)) row.statuses[status] = (row.statuses[status] ?? 0) + n;
      ops.set(name, row);
    }
  }
  console.log(
    '| Operation | Roles | Kinds of bad input (values) | Runs | Requests | Read-backs | Answers by status | Failures |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, s] of [...ops].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `| ${name} | ${s.allowed.join(', ')} | ${s.classes} (${s.mutations}) | ${s.runs} | ${s.requests} | ${s.reads} | ${statusText(s.statuses)} | ${s.failures} |`,
    );
  }
}

if (args.includes('--markdown')) {
  markdown();
  process.exit(0);
}
if (args.includes('--summary')) {
  summary();
  process.exit(0);
}

const runs = option('runs') ?? '5000';
const seed = option('seed') ?? String(Math.floor(Math.random() * 2 ** 31));
const only = option('only');
console.log(`bad-input: ${runs} runs per operation, seed ${seed}${only ? `, only ${only}` : ''}`);
rmSync(resultsDir, { recursive: true, force: true });
// Replaying one operation needs only the generated files; a whole run takes the raw-HTTP cases and regressions too.
const res = spawnSync('vitest', ['run', only ? 'tests/bad-input/shard' : 'tests/bad-input'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BAD_INPUT_RUNS: runs, BAD_INPUT_SEED: seed, ...(only ? { BAD_INPUT_ONLY: only } : {}) },
});
summary();
console.log(`replay: pnpm test:bad-input --runs ${runs} --seed ${seed}${only ? ` --only ${only}` : ''}`);
process.exit(res.status ?? 1);
