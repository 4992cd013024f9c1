// A learned second opinion on "is this post a sale?" (issue 29, fourth pass): a logistic regression over the post's
// words, word pairs and letter n-grams, trained offline on the labelled tuning parts of tests/fixtures/analysis by
// tests/analysis/train-sale-model.ts into sale-model.json. Deterministic: the same text always gets the same
// probability; nothing is learned at run time. The rules stay first (analyse-post.ts): the model only overturns them
// where they are unsure and it is confident (combineSale).
import type { NonSaleReason } from './sale';

export interface SaleModel {
  /** What the weights were trained on and how (written by the trainer, read by people). */
  about: string;
  /** Whether it was trained with the rules' evidence (SaleModelEvidence) among its features. */
  evidence: boolean;
  bias: number;
  /** Feature → weight; features absent here weigh 0. */
  weights: Record<string, number>;
}

/** How the rules and the model are combined; the thresholds chosen by cross-validation (docs/quality.md). */
export interface SaleModelPolicy {
  /** The rules' non-sale reasons the model may overturn (the vehicle found, the model's P(sale) ≥ toSale). */
  overturnable: readonly NonSaleReason[];
  toSale: number;
  /** A rules' sale becomes a non-sale when P(sale) ≤ toNonSale (0: never). */
  toNonSale: number;
}

const WORD = /[\p{L}\p{N}]+|[$€₽]/gu;

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/gu, 'е')
    .replace(/\d+/gu, (digits) => '#'.repeat(Math.min(digits.length, 5)));
}

/** What the rules found in the post, whatever they made of it. */
export interface SaleModelEvidence {
  vehicle: boolean;
  year: boolean;
  mileage: boolean;
  price: boolean;
}

/**
 * The post's features, each once: words, the first line's words (a post says what it is at its start), adjacent word
 * pairs, and letter n-grams of 3 and 4 inside each word with its edges marked (declined and glued forms share them).
 * Numbers do not enter as words (normalise turns their digits into '#', which WORD skips; a number glued to letters,
 * `185к`, leaves the letters): what the numbers say comes in as the rules' evidence (a year, a mileage, a price read).
 */
export function saleFeatures(raw: string, evidence: SaleModelEvidence | null = null): string[] {
  const text = normalise(raw.slice(0, 2000));
  const features = new Set<string>();
  if (evidence) {
    // What the rules extracted (not their verdict): whether a vehicle, its year, mileage and price were found.
    const found = (['vehicle', 'year', 'mileage', 'price'] as const).filter((key) => evidence[key]);
    for (const key of found) features.add(`e:${key}`);
    features.add(`e:${found.join('+') || 'nothing'}`);
  }
  const words = text.match(WORD) ?? [];
  const firstLineEnd = text.search(/[\n.!?]/u);
  const firstWords = (firstLineEnd === -1 ? text : text.slice(0, firstLineEnd)).match(WORD) ?? [];
  for (const word of firstWords.slice(0, 8)) features.add(`f:${word}`);
  let previous = '^';
  for (const word of words) {
    features.add(`w:${word}`);
    features.add(`b:${previous}_${word}`);
    previous = word;
    const marked = `<${word}>`;
    if (marked.length <= 4) continue;
    for (let size = 3; size <= 4; size++) {
      for (let start = 0; start + size <= marked.length; start++)
        features.add(`c:${marked.slice(start, start + size)}`);
    }
  }
  return [...features];
}

/** P(sale) for the features: the logistic of the bias plus the weights, each feature scaled by 1/√(count). */
export function saleScore(model: SaleModel, features: readonly string[]): number {
  const scale = 1 / Math.sqrt(Math.max(features.length, 1));
  let sum = 0;
  for (const feature of features) sum += model.weights[feature] ?? 0;
  return model.bias + sum * scale;
}

export function saleProbability(model: SaleModel, raw: string, evidence: SaleModelEvidence | null = null): number {
  return 1 / (1 + Math.exp(-saleScore(model, saleFeatures(raw, model.evidence ? evidence : null))));
}

/**
 * The final decision: the rules' reason (null = a sale) and the model's P(sale). A post without a vehicle is never a
 * sale; the rules' firm verdicts (no vehicle, a bare 'ПРОДАНО') are never overturned.
 */
export function combineSale(
  policy: SaleModelPolicy,
  reason: NonSaleReason | null,
  hasVehicle: boolean,
  probability: number,
): boolean {
  if (!hasVehicle) return false;
  if (reason === null) return !(policy.toNonSale > 0 && probability <= policy.toNonSale);
  return policy.overturnable.includes(reason) && probability >= policy.toSale;
}
