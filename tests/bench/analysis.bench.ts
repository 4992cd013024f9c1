// Analysis speed for docs/quality.md: `cd tests && node --import tsx bench/analysis.bench.ts`.
// Runs `pnpm analyse`'s command over the labelled corpus repeated REPEAT times and over an empty input, and reports
// posts per second without the start-up (reading the reference files, building the index). Asserts nothing.
import { readCorpus, runAnalyse, toInput } from '../analysis/score-corpus';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 100);
const posts = [...readCorpus('posts.jsonl'), ...readCorpus('holdout.jsonl')];
const big = toInput(posts).repeat(REPEAT);
const count = posts.length * REPEAT;

const time = async (input: string) => {
  const t = performance.now();
  await runAnalyse(input);
  return performance.now() - t;
};

const startups: number[] = [];
const totals: number[] = [];
for (let i = 0; i < 3; i++) {
  startups.push(await time(''));
  totals.push(await time(big));
}
const min = (xs: number[]) => Math.min(...xs);
const work = min(totals) - min(startups);
console.log(`| posts | start-up (empty input) | whole run | analysis alone | posts/s |`);
console.log(`| --- | --- | --- | --- | --- |`);
console.log(
  `| ${count} | ${min(startups).toFixed(0)} ms | ${min(totals).toFixed(0)} ms | ${work.toFixed(0)} ms | ${Math.round((count / work) * 1000)} |`,
);
