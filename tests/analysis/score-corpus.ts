// Scores the analysis against the labelled corpus (tests/fixtures/analysis): runs the same command as `pnpm analyse`
// and compares its JSON lines with the expected fields. Used by the corpus test, the benchmark and the scoring command
// (analysis/score.ts), which reports each part of the corpus separately.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Expected {
  is_sale: boolean;
  kind: 'car' | 'moto' | null;
  brand: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  currency: string | null;
  mileage_km: number | null;
  city: string | null;
}

export interface CorpusPost {
  id: string;
  text: string;
  expected: Expected;
  /** The kind of post (wild.jsonl, wild-holdout.jsonl): what the misses are grouped by. */
  style?: string;
}

export type Output = Expected & { id: string };

export const fixturesDir = fileURLToPath(new URL('../fixtures/analysis/', import.meta.url));
const serverDir = fileURLToPath(new URL('../../packages/server/', import.meta.url));

export function readCorpus(file: string): CorpusPost[] {
  return readFileSync(`${fixturesDir}${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusPost);
}

/** `pnpm analyse` (packages/server's `tsx src/ingest/analyse-cli.ts`) over the given JSON lines. */
export function runAnalyse(input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/ingest/analyse-cli.ts'], { cwd: serverDir });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`analyse exited ${code}: ${stderr}`)),
    );
    child.stdin.end(input);
  });
}

export const toInput = (posts: readonly CorpusPost[]) =>
  posts.map((post) => JSON.stringify({ id: post.id, text: post.text }) + '\n').join('');

const same = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase().replace(/[\s-]/g, '') === (b ?? '').toLowerCase().replace(/[\s-]/g, '');

export interface Score {
  hits: number;
  total: number;
}

export type Scores = Record<'sale' | 'rejection' | 'brand' | 'model' | 'year' | 'price' | 'mileage' | 'city', Score>;

/** The fields above plus the vehicle kind of each sale (scored since issue 29). */
export type FieldScores = Scores & { kind: Score };

export const FIELDS = ['sale', 'rejection', 'kind', 'brand', 'model', 'year', 'price', 'mileage', 'city'] as const;

export interface Miss {
  id: string;
  field: string;
  got: unknown;
  expected: unknown;
  style?: string;
}

export function score(
  posts: readonly CorpusPost[],
  outputs: readonly Output[],
): { scores: FieldScores; misses: Miss[] } {
  const byId = new Map(outputs.map((output) => [output.id, output]));
  const scores = Object.fromEntries(FIELDS.map((key) => [key, { hits: 0, total: 0 }])) as FieldScores;
  const misses: Miss[] = [];
  const check = (
    key: keyof FieldScores,
    post: CorpusPost,
    ok: boolean,
    field: string,
    got: unknown,
    expected: unknown,
  ) => {
    scores[key].total += 1;
    if (ok) scores[key].hits += 1;
    else misses.push({ id: post.id, field, got, expected, ...(post.style === undefined ? {} : { style: post.style }) });
  };
  for (const post of posts) {
    const output = byId.get(post.id);
    const e = post.expected;
    if (!e.is_sale) {
      check('rejection', post, output?.is_sale === false, 'is_sale', output?.is_sale, false);
      continue;
    }
    check('sale', post, output?.is_sale === true, 'is_sale', output?.is_sale, true);
    check('kind', post, output?.kind === e.kind, 'kind', output?.kind, e.kind);
    check('brand', post, same(output?.brand ?? null, e.brand), 'brand', output?.brand, e.brand);
    check('model', post, same(output?.model ?? null, e.model), 'model', output?.model, e.model);
    check('year', post, output?.year === e.year, 'year', output?.year, e.year);
    check(
      'price',
      post,
      output?.price === e.price && output?.currency === e.currency,
      'price',
      `${output?.price} ${output?.currency}`,
      `${e.price} ${e.currency}`,
    );
    check('mileage', post, output?.mileage_km === e.mileage_km, 'mileage_km', output?.mileage_km, e.mileage_km);
    check('city', post, same(output?.city ?? null, e.city), 'city', output?.city, e.city);
  }
  return { scores, misses };
}

export const percent = ({ hits, total }: Score) => (total === 0 ? 100 : (100 * hits) / total);

/** Sale / non-sale confusion: rows are the labels, columns what the analysis answered. */
export function confusion(scores: Scores) {
  return {
    saleAsSale: scores.sale.hits,
    saleAsNonSale: scores.sale.total - scores.sale.hits,
    nonSaleAsSale: scores.rejection.total - scores.rejection.hits,
    nonSaleAsNonSale: scores.rejection.hits,
  };
}

/** Misses counted per style and field (the hold-out's report: kinds of misses, never the posts). */
export function missesByStyle(posts: readonly CorpusPost[], misses: readonly Miss[]) {
  const rows = new Map<string, { posts: number; fields: Record<string, number> }>();
  const row = (style: string) => {
    let found = rows.get(style);
    if (found === undefined) rows.set(style, (found = { posts: 0, fields: {} }));
    return found;
  };
  for (const post of posts) row(post.style ?? '—').posts += 1;
  for (const miss of misses) {
    const fields = row(miss.style ?? '—').fields;
    fields[miss.field] = (fields[miss.field] ?? 0) + 1;
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b));
}
