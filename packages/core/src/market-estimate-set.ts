// The market estimates of a whole market at once (issue 33): what estimateListing gives listing by listing, computed
// by cell. Every listing of a model, a mileage band and a year shares its comparables with the others of that cell
// (the listings of the year and the MARKET_YEAR_SPREAD years either side, itself included), regionally or nationally,
// so the quartiles are computed once per cell from its prices sorted once, not once per listing.
// packages/server/src/market/ feeds it the listings of the 90-day window; a test compares it with estimateListing.
import {
  MARKET_MIN_COMPARABLES,
  MARKET_VERDICTS,
  MARKET_YEAR_SPREAD,
  marketVerdict,
  quartilesOfSorted,
  type MarketVerdict,
} from './market-estimate';

/**
 * A market as columns, one entry per listing. Every listing is a comparable of the others: published inside the
 * window, with a model, a year, a mileage and a price of at least MARKET_MIN_PRICE (the caller selects them so).
 */
export interface MarketColumns {
  length: number;
  model: ArrayLike<number>;
  year: ArrayLike<number>;
  /** mileageBand(mileage). */
  band: ArrayLike<number>;
  price: ArrayLike<number>;
  /** The listing's region as an integer ≥ 0 (the same region, the same number); -1 when unknown. */
  region: ArrayLike<number>;
}

/** The estimates of a MarketColumns, entry by entry. */
export interface MarketEstimateColumns {
  /** The comparables counted; 0 when the listing has no estimate (the other columns are then 0). */
  comparables: Int32Array;
  low: Float64Array;
  median: Float64Array;
  high: Float64Array;
  /** Index into MARKET_VERDICTS. */
  verdict: Uint8Array;
}

/** A cell's market: its size (the listing and its comparables) and the quartiles, per group of listings. */
interface Cells {
  /** The group (and so the cell) of each listing; -1 for a listing outside these cells (no region). */
  groupOf: Int32Array;
  /** Rows in the group's cell; 0 when under MARKET_MIN_COMPARABLES + 1 (no market). */
  size: Int32Array;
  low: Float64Array;
  median: Float64Array;
  high: Float64Array;
}

/** Keys below this are numbered through a table, larger ones through a Map. */
const TABLE_KEYS = 1 << 24;

/** Dense numbers 0, 1, 2 … for the integer keys ≥ 0 (in order of first appearance), and how many there are. */
function densify(keys: ArrayLike<number>, length: number): { ids: Int32Array; count: number } {
  const ids = new Int32Array(length);
  let max = 0;
  for (let i = 0; i < length; i++) if (keys[i]! > max) max = keys[i]!;
  let count = 0;
  if (max < TABLE_KEYS) {
    const table = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < length; i++) {
      const key = keys[i]!;
      if (table[key] === -1) table[key] = count++;
      ids[i] = table[key]!;
    }
  } else {
    const seen = new Map<number, number>();
    for (let i = 0; i < length; i++) {
      let id = seen.get(keys[i]!);
      if (id === undefined) seen.set(keys[i]!, (id = count++));
      ids[i] = id;
    }
  }
  return { ids, count };
}

/**
 * The cells of the listings (of those with a region when `regional`): a listing's group is its `outer` key (a model
 * and a band, or those and a region) and its year; its cell is the groups of the same outer key within
 * MARKET_YEAR_SPREAD years. The listings are sorted by group with one numeric sort (the key and the row in one
 * float); then a cell's groups lie side by side, and each group's prices are sorted when a cell with a market first
 * needs them and merged.
 */
function cellsOf(market: MarketColumns, outer: Int32Array, outerCount: number, regional: boolean): Cells {
  const n = market.length;
  const { year, price, region } = market;
  let minYear = Infinity;
  let maxYear = -Infinity;
  for (let i = 0; i < n; i++) {
    if (year[i]! < minYear) minYear = year[i]!;
    if (year[i]! > maxYear) maxYear = year[i]!;
  }
  // Room for the spread either side, so a neighbour's key never runs into the next outer key's years.
  const span = maxYear - minYear + 1 + 2 * MARKET_YEAR_SPREAD;
  if (!Number.isSafeInteger(outerCount * span * n)) throw new Error('estimateMarkets: слишком большой рынок');
  let members = 0;
  for (let i = 0; i < n; i++) if (!regional || region[i]! >= 0) members++;
  const order = new Float64Array(members);
  for (let i = 0, k = 0; i < n; i++) {
    if (regional && region[i]! < 0) continue;
    order[k++] = (outer[i]! * span + (year[i]! - minYear + MARKET_YEAR_SPREAD)) * n + i;
  }
  order.sort();

  // Groups: runs of one key in the sorted order.
  const groupOf = new Int32Array(n).fill(-1);
  const prices = new Float64Array(members);
  const starts: number[] = [];
  const keys: number[] = [];
  for (let k = 0; k < members; k++) {
    const i = order[k]! % n;
    const key = (order[k]! - i) / n;
    if (k === 0 || key !== keys[keys.length - 1]) {
      starts.push(k);
      keys.push(key);
    }
    groupOf[i] = keys.length - 1;
    prices[k] = price[i]!;
  }
  const groups = keys.length;
  starts.push(members);
  const sorted = new Uint8Array(groups);

  const size = new Int32Array(groups);
  const low = new Float64Array(groups);
  const median = new Float64Array(groups);
  const high = new Float64Array(groups);
  const scratch = new Float64Array(members);
  for (let g = 0; g < groups; g++) {
    // The cell: the groups of the same outer key within the spread, next to g in the sorted order.
    let first = g;
    while (first > 0 && keys[g]! - keys[first - 1]! <= MARKET_YEAR_SPREAD) first--;
    let last = g;
    while (last < groups - 1 && keys[last + 1]! - keys[g]! <= MARKET_YEAR_SPREAD) last++;
    const total = starts[last + 1]! - starts[first]!;
    if (total < MARKET_MIN_COMPARABLES + 1) continue;
    let merged = 0;
    for (let other = first; other <= last; other++) {
      const from = starts[other]!;
      const end = starts[other + 1]!;
      if (!sorted[other] && end - from > 1) prices.subarray(from, end).sort();
      sorted[other] = 1;
      merged = mergeInto(scratch, merged, prices, from, end);
    }
    const quartiles = quartilesOfSorted(scratch.subarray(0, total));
    size[g] = total;
    low[g] = quartiles.low;
    median[g] = quartiles.median;
    high[g] = quartiles.high;
  }
  return { groupOf, size, low, median, high };
}

/**
 * Merges the sorted run prices[from, end) into the sorted front of `into` (its first `length` values), from the back;
 * answers the new length.
 */
function mergeInto(into: Float64Array, length: number, prices: Float64Array, from: number, end: number): number {
  let a = length - 1;
  let b = end - 1;
  let k = length + (end - from) - 1;
  while (b >= from) {
    if (a >= 0 && into[a]! > prices[b]!) into[k--] = into[a--]!;
    else into[k--] = prices[b--]!;
  }
  return length + (end - from);
}

/**
 * The estimate of every listing of `market`, equal to estimateListing(listing, the others, now) for each: the
 * regional cell when it holds MARKET_MIN_COMPARABLES others, else the national one, else none.
 */
export function estimateMarkets(market: MarketColumns): MarketEstimateColumns {
  const n = market.length;
  const { model, band, price, region } = market;
  let bands = 0;
  for (let i = 0; i < n; i++) bands = Math.max(bands, band[i]! + 1);
  const models = densify(model, n);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = models.ids[i]! * bands + band[i]!;
  const national = densify(keys, n);
  // Regions shifted by one: "unknown" (-1) is numbered too, and left out of the regional cells.
  for (let i = 0; i < n; i++) keys[i] = region[i]! + 1;
  const regions = densify(keys, n);
  for (let i = 0; i < n; i++) keys[i] = national.ids[i]! * regions.count + regions.ids[i]!;
  const regional = densify(keys, n);
  const country = cellsOf(market, national.ids, national.count, false);
  const local = cellsOf(market, regional.ids, regional.count, true);

  const result: MarketEstimateColumns = {
    comparables: new Int32Array(n),
    low: new Float64Array(n),
    median: new Float64Array(n),
    high: new Float64Array(n),
    verdict: new Uint8Array(n),
  };
  const quartiles = { low: 0, median: 0, high: 0 };
  for (let i = 0; i < n; i++) {
    const own = local.groupOf[i]!;
    const cells = own >= 0 && local.size[own]! > 0 ? local : country.size[country.groupOf[i]!]! > 0 ? country : null;
    if (cells === null) continue;
    const g = cells.groupOf[i]!;
    quartiles.low = cells.low[g]!;
    quartiles.median = cells.median[g]!;
    quartiles.high = cells.high[g]!;
    result.comparables[i] = cells.size[g]! - 1;
    result.low[i] = quartiles.low;
    result.median[i] = quartiles.median;
    result.high[i] = quartiles.high;
    result.verdict[i] = VERDICT_INDEX[marketVerdict(price[i]!, quartiles)];
  }
  return result;
}

const VERDICT_INDEX = Object.fromEntries(MARKET_VERDICTS.map((v, i) => [v, i])) as Record<MarketVerdict, number>;
