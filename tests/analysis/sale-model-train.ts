// The trainer of the learned second opinion on sale / non-sale (packages/core/src/analysis/sale-model.ts): L2-regularised
// logistic regression by full-batch gradient descent (Adam, fixed step count, no randomness), so the same posts always
// give the same weights. Hand-written (docs/decisions.md, issue 29 fourth pass): ~60 lines, no dependency.
import { saleFeatures, type SaleModel, type SaleModelEvidence } from '@autoradar/core/analysis/sale-model';

export interface TrainOptions {
  /** L2 penalty per feature weight. */
  l2: number;
  /** A feature is kept only when at least this many training posts have it. */
  minDocs: number;
  steps: number;
  rate: number;
}

export const DEFAULT_TRAIN: TrainOptions = { l2: 1e-3, minDocs: 2, steps: 300, rate: 0.05 };

/** What 10-fold cross-validation chose (docs/quality.md, fourth pass): a light penalty and 1 000 steps. */
export const CHOSEN_TRAIN: TrainOptions = { l2: 1e-4, minDocs: 2, steps: 1000, rate: 0.05 };

export interface Example {
  text: string;
  sale: boolean;
  /** What the rules found in it (the model then learns from that too). */
  evidence?: SaleModelEvidence | null;
}

export function train(examples: readonly Example[], options: TrainOptions = DEFAULT_TRAIN): SaleModel {
  const docs = examples.map((example) => saleFeatures(example.text, example.evidence ?? null));
  const counts = new Map<string, number>();
  for (const features of docs) for (const feature of features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const vocabulary = [...counts.keys()].filter((feature) => counts.get(feature)! >= options.minDocs).sort();
  const slot = new Map(vocabulary.map((feature, i) => [feature, i]));
  // Each post: the slots of its kept features and its scale (1/√ of all its features, as saleScore computes it).
  const rows = docs.map((features) => ({
    slots: Int32Array.from(features.flatMap((feature) => (slot.has(feature) ? [slot.get(feature)!] : []))),
    scale: 1 / Math.sqrt(Math.max(features.length, 1)),
  }));
  const labels = examples.map((example) => (example.sale ? 1 : 0));
  // Classes weighted to count equally (there are about twice as many sales).
  const positives = labels.filter((label) => label === 1).length;
  const classWeight = [examples.length / (2 * (examples.length - positives)), examples.length / (2 * positives)];
  const n = vocabulary.length + 1; // the last slot is the bias
  const w = new Float64Array(n);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const grad = new Float64Array(n);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  for (let step = 1; step <= options.steps; step++) {
    grad.fill(0);
    for (let i = 0; i < rows.length; i++) {
      const { slots, scale } = rows[i]!;
      let z = w[n - 1]!;
      for (const s of slots) z += w[s]! * scale;
      const p = 1 / (1 + Math.exp(-z));
      const g = ((p - labels[i]!) * classWeight[labels[i]!]!) / rows.length;
      for (const s of slots) grad[s]! += g * scale;
      grad[n - 1]! += g;
    }
    for (let s = 0; s < n - 1; s++) grad[s]! += options.l2 * w[s]!;
    for (let s = 0; s < n; s++) {
      m[s] = beta1 * m[s]! + (1 - beta1) * grad[s]!;
      v[s] = beta2 * v[s]! + (1 - beta2) * grad[s]! * grad[s]!;
      const mHat = m[s]! / (1 - beta1 ** step);
      const vHat = v[s]! / (1 - beta2 ** step);
      w[s]! -= (options.rate * mHat) / (Math.sqrt(vHat) + eps);
    }
  }
  const weights: Record<string, number> = {};
  vocabulary.forEach((feature, s) => {
    const weight = Math.round(w[s]! * 1000) / 1000;
    if (weight !== 0) weights[feature] = weight;
  });
  return {
    about:
      `Logistic regression on ${examples.length} labelled tuning posts (${positives} sales), ` +
      `l2 ${options.l2}, features in ≥ ${options.minDocs} posts, ${options.steps} Adam steps at ${options.rate}; ` +
      'written by tests/analysis/train-sale-model.ts, do not edit.',
    evidence: examples.some((example) => example.evidence),
    bias: Math.round(w[n - 1]! * 1000) / 1000,
    weights,
  };
}
