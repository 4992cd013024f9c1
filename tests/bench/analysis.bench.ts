// Analysis speed for docs/quality.md: `cd tests && node --import tsx bench/analysis.bench.ts`.
// Two measurements, asserting nothing:
// 1. `pnpm analyse`'s command over the labelled corpus repeated REPEAT times and over an empty input: posts per second
//    without the start-up (reading the reference files, building the index), in wall time.
// 2. In this process, the CPU time (process.cpuUsage, user + system) of analysePost per post over the corpus, beside a
//    floor measured in the same run: tokenize() alone, the one pass over the words every analysis makes. The ratio is
//    what the rules cost on top of reading the post; CPU time, unlike wall time, does not grow with the machine's load.
import { analysePost } from '@autoradar/core/analysis/index';
import { tokenize } from '@autoradar/core/analysis/tokens';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
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

// CPU per post in this process: every corpus post (own and wild tuning part), ROUNDS times, best of three runs.
const texts = [...readCorpus('posts.jsonl'), ...readCorpus('wild.jsonl')].map((post) => post.text);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const index = loadAnalysisIndex();
const cpuPerPost = (run: (text: string) => unknown) => {
  for (const text of texts) run(text); // warm-up
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = process.cpuUsage();
    for (let round = 0; round < ROUNDS; round++) for (const text of texts) run(text);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / (ROUNDS * texts.length));
  }
  return best;
};
// The default path: the rules with the learned sale opinion (issue 29, on by default since the fifth pass).
const analysis = cpuPerPost((text) => analysePost(index, text));
// The rules alone, for comparison.
const rulesAlone = cpuPerPost((text) => analysePost(index, text, { saleModel: null }));
const floor = cpuPerPost((text) => tokenize(text));
console.log(
  `\n| posts | CPU per post: analysePost (default, with the sale model) | rules alone | floor: tokenize | ratio |`,
);
console.log(`| --- | --- | --- | --- | --- |`);
console.log(
  `| ${texts.length * ROUNDS} | ${analysis.toFixed(0)} µs | ${rulesAlone.toFixed(0)} µs | ${floor.toFixed(1)} µs | ${(analysis / floor).toFixed(1)}× |`,
);
