// The feed benchmark's distinct mix (issue 21): every request body differs, drawn from the seeded data the way
// users set filters. Brand, model and city come from one random listing (so popular ones come up as often as they
// are listed); each range bound comes from another random listing, so ranges that match little or nothing (a
// price one year never reaches) come up as they do in real traffic.
import type { PostgresDbHandle } from '@autoradar/db';
import { BENCH_TEXT_QUERY } from './feed-seed';
import { seededRandom } from '@autoradar/core/seeded-random';

export interface MixBody {
  brands?: number[];
  models?: number[];
  cities?: number[];
  priceFrom?: number;
  priceTo?: number;
  yearFrom?: number;
  yearTo?: number;
  search?: string;
  older_published_at?: string;
  olderId?: number;
}

interface Sample {
  id: number;
  published_at: string;
  brand_id: number | null;
  model_id: number | null;
  city_id: number | null;
  price: number | null;
  year: number | null;
}

/** Words people type: the seeded text, a brand or a model name, two words, a word the listings never contain. */
const TEXTS = [
  BENCH_TEXT_QUERY,
  'панорамная',
  'один владелец',
  'без дтп',
  'кредит',
  'toyota',
  'камри',
  'зимняя резина',
];

/** Random listings to draw filters from (ids are dense in the seeded database). */
async function sampleListings(handle: PostgresDbHandle, n: number, random: () => number): Promise<Sample[]> {
  const { rows } = await handle.client.query<{ lo: string; hi: string }>(
    `select min(id) as lo, max(id) as hi from posts`,
  );
  const lo = Number(rows[0]!.lo);
  const hi = Number(rows[0]!.hi);
  const ids = Array.from({ length: n }, () => lo + Math.floor(random() * (hi - lo + 1)));
  const { rows: samples } = await handle.client.query<Sample>(
    `select p.id::int as id, to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_at,
            p.brand_id, p.model_id, p.city_id, p.price::float8 as price, p.year
     from unnest($1::bigint[]) with ordinality as s(id, n) join posts p on p.id = s.id order by s.n`,
    [ids],
  );
  return samples;
}

/** `n` distinct bodies: 70 % with a brand (half of those with its model), 30 % a city, 50 % a price range, 40 % a
 * year range, 10 % text, 20 % a deep page from a random listing's cursor. */
export async function distinctMix(handle: PostgresDbHandle, n: number, seed = 21): Promise<MixBody[]> {
  const random = seededRandom(seed);
  const samples = await sampleListings(handle, n * 6, random);
  let next = 0;
  const draw = () => samples[next++ % samples.length]!;
  const seen = new Set<string>();
  const bodies: MixBody[] = [];
  while (bodies.length < n) {
    const body: MixBody = {};
    const car = draw();
    if (random() < 0.7 && car.brand_id !== null) {
      body.brands = [car.brand_id];
      if (random() < 0.5 && car.model_id !== null) body.models = [car.model_id];
    }
    if (random() < 0.3 && car.city_id !== null) body.cities = [draw().city_id ?? car.city_id];
    if (random() < 0.5) {
      const [a, b] = [draw().price ?? 0, draw().price ?? 0].sort((x, y) => x - y);
      const shape = random();
      if (shape < 0.6) Object.assign(body, { priceFrom: a, priceTo: b });
      else if (shape < 0.8) body.priceFrom = a;
      else body.priceTo = b;
    }
    if (random() < 0.4) {
      const [a, b] = [draw().year ?? 2010, draw().year ?? 2010].sort((x, y) => x - y);
      const shape = random();
      if (shape < 0.6) Object.assign(body, { yearFrom: a, yearTo: b });
      else if (shape < 0.8) body.yearFrom = a;
      else body.yearTo = b;
    }
    if (random() < 0.1) body.search = TEXTS[Math.floor(random() * TEXTS.length)]!;
    if (random() < 0.2) {
      const cursor = draw();
      body.older_published_at = cursor.published_at;
      body.olderId = cursor.id;
    }
    const key = JSON.stringify(body);
    if (seen.has(key)) continue;
    seen.add(key);
    bodies.push(body);
  }
  return bodies;
}

/** The shape of a body, for grouping the slow ones: which fields it sets. */
export function shapeOf(body: MixBody): string {
  const parts: string[] = [];
  if (body.brands) parts.push(body.models ? 'brand+model' : 'brand');
  if (body.cities) parts.push('city');
  if (body.priceFrom !== undefined || body.priceTo !== undefined) parts.push('price');
  if (body.yearFrom !== undefined || body.yearTo !== undefined) parts.push('year');
  if (body.search) parts.push('text');
  if (body.older_published_at) parts.push('deep');
  return parts.join('+') || 'none';
}
