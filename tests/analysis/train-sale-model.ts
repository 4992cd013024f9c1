// Trains the learned sale / non-sale opinion on every labelled tuning post (posts.jsonl, wild.jsonl, wild-2.jsonl,
// wild-3.jsonl, wild-4.jsonl; never a hold-out) and writes packages/core/src/analysis/sale-model.json:
//   cd tests && node --import tsx analysis/train-sale-model.ts
// The options are the ones cross-validation chose (cv-sale-model.ts, docs/quality.md "fourth pass"). Deterministic:
// the same posts and rules give the same file. Run it again after changing the rules' extraction or a tuning part.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPost } from '@autoradar/core/analysis/analyse-post';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { readCorpus } from './score-corpus';
import { CHOSEN_TRAIN, train } from './sale-model-train';

const TUNING = ['posts.jsonl', 'wild.jsonl', 'wild-2.jsonl', 'wild-3.jsonl', 'wild-4.jsonl'];
const index = loadAnalysisIndex();
const examples = TUNING.flatMap((file) => readCorpus(file)).map((post) => {
  const { sale } = readPost(index, post.text);
  return {
    text: post.text,
    sale: post.expected.is_sale,
    evidence: {
      vehicle: sale !== null,
      year: sale?.year != null,
      mileage: sale?.mileage_km != null,
      price: sale?.price != null,
    },
  };
});
const model = train(examples, CHOSEN_TRAIN);
const target = fileURLToPath(new URL('../../packages/core/src/analysis/sale-model.json', import.meta.url));
// One weight per line, in the trainer's (sorted) order: diffs between two trainings stay readable.
const lines = Object.entries(model.weights).map(([feature, weight]) => `    ${JSON.stringify(feature)}: ${weight}`);
writeFileSync(
  target,
  `{\n  "about": ${JSON.stringify(model.about)},\n  "evidence": ${model.evidence},\n  "bias": ${model.bias},\n  "weights": {\n${lines.join(',\n')}\n  }\n}\n`,
);
console.log(`${target}: ${lines.length} weights from ${examples.length} posts`);
