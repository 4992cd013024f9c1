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
  /** The group (and so the cell) of each listing. */
  groupOf: Int32Array;
  /** Rows in the group's cell; 0 when under MARKET_MIN_COMPARABLES + 1 (no market). */
  size: Int32Array;
  low: Float64Array;
  median: Float64Array;
  high: Float64Array;
}

/** Dense numbers for the keys of `keys` (0, 1, 2 … in order of first appearance) and how many there are. */
function densify(length: number, keyOf: (i: number) => number): { ids: Int32Array; count: number } {
  const ids = new Int32Array(length);
  const seen = new Map<number, number>();
  for (let i = 0; i < length; i++) {
    const key = keyOf(i);
    let id = seen.get(key);
    if (id === undefined) {
      id = seen.size;
      seen.set(key, id);
    }
    ids[i] = id;
  }
  return { ids, count: seen.size };
}

/**
 * The cells of the listings selected by `member` (all when absent): a listing's group is its `outer` key (a model and
 * a band, or those and a region) and its year; its cell is the groups of the same outer key within
 * MARKET_YEAR_SPREAD years.
 */
function cellsOf(
  market: MarketColumns,
  outer: Int32Array,
  outerCount: number,
  member?: (i: number) => boolean,
): Cells {
  const n = market.length;
  let minYear = Infinity;
  let maxYear = -Infinity;
  for (let i = 0; i < n; i++) {
    const year = market.year[i]!;
    if (year < minYear) minYear = year;
    if (year > maxYear) maxYear = year;
  }
  // Room for the spread either side, so a neighbour's key never runs into the next outer key's years.
  const span = maxYear - minYear + 1 + 2 * MARKET_YEAR_SPREAD;
  if (!Number.isSafeInteger(outerCount * span)) throw new Error('estimateMarkets: слишком широкий диапазон годов');
  const keyOf = (i: number) => outer[i]! * span + (market.year[i]! - minYear + MARKET_YEAR_SPREAD);
  const groupIndex = new Map<number, number>();
  const groupOf = new Int32Array(n).fill(-1);
  const groupKeys: number[] = [];
  for (let i = 0; i < n; i++) {
    if (member && !member(i)) continue;
    const key = keyOf(i);
    let group = groupIndex.get(key);
    if (group === undefined) {
      group = groupKeys.length;
      groupIndex.set(key, group);
      groupKeys.push(key);
    }
    groupOf[i] = group;
  }
  const groups = groupKeys.length;
  // The groups' prices, each group's run sorted (a counting sort by group, then a numeric sort per run).
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) if (groupOf[i]! >= 0) start[groupOf[i]! + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const fill = start.slice(0, groups);
  const prices = new Float64Array(start[groups]!);
  for (let i = 0; i < n; i++) {
    const group = groupOf[i]!;
    if (group >= 0) prices[fill[group]!++] = market.price[i]!;
  }
  for (let g = 0; g < groups; g++) prices.subarray(start[g]!, start[g + 1]!).sort();

  const size = new Int32Array(groups);
  const low = new Float64Array(groups);
  const median = new Float64Array(groups);
  const high = new Float64Array(groups);
  const scratch = new Float64Array(prices.length);
  const runs: number[] = [];
  for (let g = 0; g < groups; g++) {
    // The cell: the runs of the years around the group's (absent years have no run).
    runs.length = 0;
    let total = 0;
    for (let d = -MARKET_YEAR_SPREAD; d <= MARKET_YEAR_SPREAD; d++) {
      const other = d === 0 ? g : groupIndex.get(groupKeys[g]! + d);
      if (other === undefined) continue;
      runs.push(start[other]!, start[other + 1]!);
      total += start[other + 1]! - start[other]!;
    }
    if (total < MARKET_MIN_COMPARABLES + 1) continue;
    const cell = mergeRuns(prices, runs, scratch, total);
    const quartiles = quartilesOfSorted(cell);
    size[g] = total;
    low[g] = quartiles.low;
    median[g] = quartiles.median;
    high[g] = quartiles.high;
  }
  return { groupOf, size, low, median, high };
}

/** The sorted runs [start, end) of `prices` listed in `runs`, merged into the front of `into`. */
function mergeRuns(prices: Float64Array, runs: number[], into: Float64Array, total: number): Float64Array {
  const at = runs.filter((_, k) => k % 2 === 0);
  const end = runs.filter((_, k) => k % 2 === 1);
  for (let out = 0; out < total; out++) {
    let best = -1;
    for (let r = 0; r < at.length; r++) {
      if (at[r]! < end[r]! && (best === -1 || prices[at[r]!]! < prices[at[best]!]!)) best = r;
    }
    into[out] = prices[at[best]!++]!;
  }
  return into.subarray(0, total);
}

/**
 * The estimate of every listing of `market`, equal to estimateListing(listing, the others, now) for each: the
 * regional cell when it holds MARKET_MIN_COMPARABLES others, else the national one, else none.
 */
export function estimateMarkets(market: MarketColumns): MarketEstimateColumns {
  const n = market.length;
  let bands = 0;
  for (let i = 0; i < n; i++) bands = Math.max(bands, market.band[i]! + 1);
  const national = densify(n, (i) => market.model[i]! * bands + market.band[i]!);
  const regions = densify(n, (i) => market.region[i]!);
  const regional = densify(n, (i) => national.ids[i]! * regions.count + regions.ids[i]!);
  const country = cellsOf(market, national.ids, national.count);
  const region = cellsOf(market, regional.ids, regional.count, (i) => market.region[i]! >= 0);

  const result: MarketEstimateColumns = {
    comparables: new Int32Array(n),
    low: new Float64Array(n),
    median: new Float64Array(n),
    high: new Float64Array(n),
    verdict: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const own = region.groupOf[i]!;
    const cells = own >= 0 && region.size[own]! > 0 ? region : country.size[country.groupOf[i]!]! > 0 ? country : null;
    if (cells === null) continue;
    const g = cells.groupOf[i]!;
    const quartiles = { low: cells.low[g]!, median: cells.median[g]!, high: cells.high[g]! };
    result.comparables[i] = cells.size[g]! - 1;
    result.low[i] = quartiles.low;
    result.median[i] = quartiles.median;
    result.high[i] = quartiles.high;
    result.verdict[i] = MARKET_VERDICTS.indexOf(marketVerdict(market.price[i]!, quartiles));
  }
  return result;
}
