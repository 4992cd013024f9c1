// The analysis on the labelled corpus (issues 15 and 29): `pnpm analyse` over every part of the corpus in one run, each
// field scored against its label per part; the run fails below a part's thresholds. The parts the rules were tuned on
// (posts.jsonl, wild.jsonl, wild-2.jsonl, wild-3.jsonl, wild-4.jsonl) report their misses with the failure; the hold-outs
// (holdout.jsonl, wild-holdout.jsonl, wild-holdout-2.jsonl), never read while writing the rules, report only their
// figures.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FIELDS,
  percent,
  readCorpus,
  runAnalyse,
  score,
  toInput,
  type CorpusPost,
  type FieldScores,
  type Output,
} from './score-corpus';

type Thresholds = Record<keyof FieldScores, number>;

// Issue 29's targets: every field 97 %, the model 95 %, sales recognised 98 %, non-sales rejected 97 %.
const ISSUE_29: Thresholds = {
  sale: 98,
  rejection: 97,
  kind: 97,
  brand: 97,
  model: 95,
  year: 97,
  price: 97,
  mileage: 97,
  city: 97,
};

// The wild hold-out is below the targets (docs/quality.md says by how much and why): its thresholds are the figures it
// reached with the learned sale opinion on by default (fifth pass, 17a2a6f), so that a change that loses more ground
// fails. Against the rules alone (the third pass's 4902918) it rejects three non-sales more and finds one sale fewer.
const WILD_HOLDOUT: Thresholds = {
  sale: 95.8,
  rejection: 97,
  kind: 95.8,
  brand: 94.4,
  model: 93.7,
  year: 94.4,
  price: 94.4,
  mileage: 95.1,
  city: 96.5,
};

interface Part {
  name: string;
  file: string;
  thresholds: Thresholds;
  /** May the failure message show the misses (ids, fields, labels)? Never for a hold-out. */
  tuning: boolean;
}

const PARTS: Part[] = [
  { name: 'own corpus', file: 'posts.jsonl', thresholds: ISSUE_29, tuning: true },
  { name: 'own hold-out', file: 'holdout.jsonl', thresholds: ISSUE_29, tuning: false },
  { name: 'wild tuning part', file: 'wild.jsonl', thresholds: ISSUE_29, tuning: true },
  // Two more tuning parts by other writers (issue 29's second and third passes).
  { name: 'second tuning part', file: 'wild-2.jsonl', thresholds: ISSUE_29, tuning: true },
  { name: 'third tuning part', file: 'wild-3.jsonl', thresholds: ISSUE_29, tuning: true },
  { name: 'fourth tuning part', file: 'wild-4.jsonl', thresholds: ISSUE_29, tuning: true },
  { name: 'wild hold-out', file: 'wild-holdout.jsonl', thresholds: WILD_HOLDOUT, tuning: false },
  // A second hold-out, written blind in the fifth pass (the first had been measured too often to stay fresh).
  { name: 'second hold-out', file: 'wild-holdout-2.jsonl', thresholds: ISSUE_29, tuning: false },
];

const postsOf = new Map<string, CorpusPost[]>(PARTS.map((part) => [part.name, readCorpus(part.file)]));
const posts = [...postsOf.values()].flat();
let outputs: Output[] = [];
let brokenLineAnswer: unknown;

// One run (the machine may be busy; each start reads the reference files): a broken line first, then the corpus.
beforeAll(async () => {
  const stdout = await runAnalyse('not json\n' + toInput(posts));
  const [broken, ...rest] = stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Output);
  brokenLineAnswer = broken;
  outputs = rest;
}, 120_000);

describe('the labelled corpus', () => {
  it('has every part: 200 own posts, 600 wild ones a third of them kept aside, cars, motorcycles and non-sales', () => {
    expect(new Set(posts.map((post) => post.id)).size).toBe(posts.length);
    expect(postsOf.get('own corpus')!.length).toBeGreaterThanOrEqual(200);
    const wild = postsOf.get('wild tuning part')!.length;
    const aside = postsOf.get('wild hold-out')!.length;
    expect(wild + aside).toBeGreaterThanOrEqual(600);
    expect(aside / (wild + aside)).toBeGreaterThanOrEqual(0.3);
    for (const part of PARTS) {
      const own = postsOf.get(part.name)!;
      expect(own.some((post) => !post.expected.is_sale)).toBe(true);
      expect(own.some((post) => post.expected.kind === 'moto')).toBe(true);
    }
  });

  it('gets one answer line per post, in the documented shape, with everything null for a non-sale', () => {
    expect(outputs.map((output) => output.id)).toEqual(posts.map((post) => post.id));
    for (const output of outputs) {
      expect(Object.keys(output)).toEqual([
        'id',
        'is_sale',
        'kind',
        'brand',
        'model',
        'year',
        'price',
        'currency',
        'mileage_km',
        'city',
      ]);
      if (!output.is_sale) {
        expect(
          Object.values(output)
            .slice(2)
            .every((value) => value === null),
        ).toBe(true);
      }
    }
  });

  describe.each(PARTS)('$name ($file)', (part) => {
    it.each(FIELDS)('scores %s at or above its threshold', (key) => {
      const { scores, misses } = score(postsOf.get(part.name)!, outputs);
      const result = percent(scores[key]);
      const relevant = misses.filter((miss) =>
        key === 'sale' || key === 'rejection' ? miss.field === 'is_sale' : miss.field.startsWith(key),
      );
      const message = part.tuning ? JSON.stringify(relevant, null, 1) : `${key}: ${result.toFixed(1)} %`;
      expect(result, message).toBeGreaterThanOrEqual(part.thresholds[key]);
    });
  });

  it('answers a broken line with an error line and goes on', () => {
    expect(brokenLineAnswer).toEqual({ id: null, error: 'Строка не является JSON' });
    expect(outputs).toHaveLength(posts.length);
  });
});
