// `pnpm analyse`: JSON lines {"id","text"} on stdin → one JSON line per input on stdout with the fields the analysis
// extracts (null where the post does not give them; everything null when it is not a sale). A line that is not such a
// JSON object gets {"id": null, "error": "..."} and the run goes on.
// The learned sale opinion joins the rules as everywhere (core's default); ANALYSE_SALE_MODEL=0 leaves it out, for a
// measurement of the rules alone (ANALYSE_SALE_MODEL=1 names the default).
import { createInterface } from 'node:readline';
import { analysePost } from '@autoradar/core/analysis/index';
import { SALE_MODEL_POLICY } from '@autoradar/core/analysis/analyse-post';
import { loadAnalysisIndex } from './analysis-reference';

const index = loadAnalysisIndex();
const modelSwitch = process.env.ANALYSE_SALE_MODEL;
const options = modelSwitch === '1' ? { saleModel: SALE_MODEL_POLICY } : modelSwitch === '0' ? { saleModel: null } : {};
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out: string[] = [];
const flush = () => {
  if (out.length > 0) process.stdout.write(out.join(''));
  out.length = 0;
};

for await (const line of lines) {
  if (line.trim() === '') continue;
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    out.push(JSON.stringify({ id: null, error: 'Строка не является JSON' }) + '\n');
    continue;
  }
  const record = input as { id?: unknown; text?: unknown };
  if (typeof input !== 'object' || input === null || typeof record.text !== 'string') {
    out.push(JSON.stringify({ id: record?.id ?? null, error: 'Нужен объект с полем text (строка)' }) + '\n');
    continue;
  }
  const result = analysePost(index, record.text, options);
  out.push(
    JSON.stringify({
      id: record.id ?? null,
      is_sale: result.is_sale,
      kind: result.kind,
      brand: result.brand,
      model: result.model,
      year: result.year,
      price: result.price,
      currency: result.currency,
      mileage_km: result.mileage_km,
      city: result.city,
    }) + '\n',
  );
  if (out.length >= 500) flush();
}
flush();
