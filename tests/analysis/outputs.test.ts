// The analysis's whole output on the labelled corpus, compared with the outputs kept in
// tests/fixtures/analysis/outputs.jsonl (issue 28): a change made to analyse faster (caches, cheaper matching) must
// give every field of every post exactly as before, including the ones the corpus test does not score (title,
// catalogue names, reason). Each post is analysed twice, the second time with every cache warm, and in reverse order.
// A change that means to change the analysis writes the file again: UPDATE_ANALYSIS_OUTPUTS=1 npx vitest run
// tests/analysis/outputs.test.ts (and says why in its commit).
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePost } from '@autoradar/core/analysis/index';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { fixturesDir, readCorpus } from './score-corpus';

const FILES = [
  'posts.jsonl',
  'holdout.jsonl',
  'wild.jsonl',
  'wild-2.jsonl',
  'wild-3.jsonl',
  'wild-4.jsonl',
  'wild-holdout.jsonl',
];
const OUTPUTS = `${fixturesDir}outputs.jsonl`;
/** Fixed, so that the outputs do not move with the clock's year. */
const MAX_YEAR = 2027;

describe('the analysis gives the same output on the corpus', () => {
  const index = loadAnalysisIndex();
  const posts = FILES.flatMap((file) =>
    readCorpus(file).map((post) => ({ id: `${file}:${post.id}`, text: post.text })),
  );
  const lineOf = (post: { id: string; text: string }) =>
    JSON.stringify({ id: post.id, ...analysePost(index, post.text, { maxYear: MAX_YEAR }) });

  it('every field of every post as kept in outputs.jsonl, cold, warm and in reverse order', () => {
    const cold = posts.map(lineOf);
    if (process.env.UPDATE_ANALYSIS_OUTPUTS === '1') writeFileSync(OUTPUTS, cold.join('\n') + '\n');
    const kept = readFileSync(OUTPUTS, 'utf8').split('\n').filter(Boolean);
    expect(cold.length).toBe(kept.length);
    const differ = (lines: string[]) => lines.filter((line, i) => line !== kept[i]).slice(0, 5);
    expect(differ(cold)).toEqual([]);
    expect(differ(posts.map(lineOf))).toEqual([]);
    expect(differ(posts.toReversed().map(lineOf).toReversed())).toEqual([]);
  });
});
