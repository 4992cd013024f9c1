// The market estimate of a listing's price (issue 33): what comparable listings ask, robust to outliers, and a verdict
// on the listing's own price. Pure: the comparables are chosen by the caller (packages/server/src/market/ does it in
// SQL with the same bounds, and computes the same quartiles with percentile_cont).

/** Comparables are listings published in the last this many days. */
export const MARKET_WINDOW_DAYS = 90;
/**
 * A listing that becomes a good price after it was published (a price cut, a market that moved) is sent to the
 * «Только хорошая цена» filters that skipped it, when it was published within this many days (issue 33): news, not
 * the whole market's history the first time the estimates are computed.
 */
export const MARKET_LATE_GOOD_PRICE_DAYS = 7;
/** Fewer comparables than this: no estimate (and no badge). */
export const MARKET_MIN_COMPARABLES = 8;
/** Comparables are of the listing's year and this many years either side. */
export const MARKET_YEAR_SPREAD = 1;
/** Asking prices below this are placeholders («1 ₽», «договорная»), not prices: never comparables, never estimated. */
export const MARKET_MIN_PRICE = 10_000;
/**
 * «Хорошая цена» needs the price under the first quartile AND at least this share under the median: with a tight
 * market the quartile alone would call a 2 % discount good; with a loose one the share alone would call a typical
 * price good.
 */
export const MARKET_GOOD_SHARE = 0.1;
/** «Выше рынка», the mirror: above the third quartile AND at least this share over the median. */
export const MARKET_HIGH_SHARE = 0.1;

/**
 * Upper bounds (km, exclusive) of the mileage bands: comparables are in the listing's band. Wider as cars age, since
 * 10 000 km matter less at 200 000 than at 20 000; the last band is open.
 */
export const MILEAGE_BAND_LIMITS = [20_000, 50_000, 100_000, 150_000, 200_000, 300_000] as const;

/** The mileage band of a listing: 0 for under 20 000 km … MILEAGE_BAND_LIMITS.length for 300 000 km and more. */
export function mileageBand(mileage: number): number {
  const band = MILEAGE_BAND_LIMITS.findIndex((limit) => mileage < limit);
  return band === -1 ? MILEAGE_BAND_LIMITS.length : band;
}

export const MARKET_VERDICTS = ['good', 'fair', 'high'] as const;
export type MarketVerdict = (typeof MARKET_VERDICTS)[number];

/** The badge's text per verdict. */
export const MARKET_VERDICT_LABELS: Record<MarketVerdict, string> = {
  good: 'Хорошая цена',
  fair: 'Цена в рынке',
  high: 'Выше рынка',
};

export interface MarketRange {
  /** The first quartile of the comparables' prices. */
  low: number;
  median: number;
  /** The third quartile. */
  high: number;
  comparables: number;
}

/** The q-quantile of sorted values with linear interpolation: PostgreSQL's percentile_cont. */
export function percentileCont(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The market of the comparables' prices (placeholders dropped); null under MARKET_MIN_COMPARABLES. */
export function estimateMarket(prices: readonly number[]): MarketRange | null {
  const sorted = prices.filter((p) => p >= MARKET_MIN_PRICE).sort((a, b) => a - b);
  if (sorted.length < MARKET_MIN_COMPARABLES) return null;
  return { ...quartilesOfSorted(sorted), comparables: sorted.length };
}

/** The quartiles of sorted prices, rounded to roubles (estimateMarket's, and estimateMarkets' per cell). */
export function quartilesOfSorted(sorted: ArrayLike<number>): Omit<MarketRange, 'comparables'> {
  return {
    low: Math.round(percentileCont(sorted, 0.25)),
    median: Math.round(percentileCont(sorted, 0.5)),
    high: Math.round(percentileCont(sorted, 0.75)),
  };
}

/** Where a price stands against its market. */
export function marketVerdict(price: number, market: Pick<MarketRange, 'low' | 'median' | 'high'>): MarketVerdict {
  if (price < market.low && price * 1_000 <= market.median * GOOD_PER_MILLE) return 'good';
  if (price > market.high && price * 1_000 >= market.median * HIGH_PER_MILLE) return 'high';
  return 'fair';
}

/**
 * The shares' bounds in whole per-mille of the median, so the comparison is exact in integers (a price of
 * LISTING_PRICE_MAX times 1 000 is still exact in a double): 180 000 × 1.1 in floats is 198 000.00000000003, and a
 * price of exactly 10 % over the median would not count as «at least 10 %» (PostgreSQL's numeric said it did).
 */
const GOOD_PER_MILLE = Math.round((1 - MARKET_GOOD_SHARE) * 1_000);
const HIGH_PER_MILLE = Math.round((1 + MARKET_HIGH_SHARE) * 1_000);

/** What the comparison reads of a listing. */
export interface MarketListing {
  modelId: number | null;
  year: number | null;
  mileage: number | null;
  price: number | null;
  /** The listing's region (a city's region), null when unknown. */
  region: string | null;
  publishedAt: Date;
}

/** Whether `other` is a comparable of `listing` at `now` (the region aside: see chooseComparables). */
export function isComparable(listing: MarketListing, other: MarketListing, now: Date): boolean {
  return (
    listing.modelId !== null &&
    other.modelId === listing.modelId &&
    listing.year !== null &&
    other.year !== null &&
    Math.abs(other.year - listing.year) <= MARKET_YEAR_SPREAD &&
    listing.mileage !== null &&
    other.mileage !== null &&
    mileageBand(other.mileage) === mileageBand(listing.mileage) &&
    other.price !== null &&
    other.price >= MARKET_MIN_PRICE &&
    now.getTime() - other.publishedAt.getTime() <= MARKET_WINDOW_DAYS * 86_400_000
  );
}

/**
 * The comparables of a listing among `others` (which must not hold the listing itself): those of its region when
 * there are at least MARKET_MIN_COMPARABLES of them, else those of the whole country.
 */
export function chooseComparables<T extends MarketListing>(
  listing: MarketListing,
  others: readonly T[],
  now: Date,
): T[] {
  const all = others.filter((other) => isComparable(listing, other, now));
  if (listing.region === null) return all;
  const regional = all.filter((other) => other.region === listing.region);
  return regional.length >= MARKET_MIN_COMPARABLES ? regional : all;
}

/**
 * A listing's estimate and verdict, or null when the market is too thin or the listing has no usable price. The
 * listing is part of the market it is compared with: the quartiles are over its own price and its comparables'
 * (what the set-based job in SQL computes per group), while `comparables` and the threshold count the others only.
 */
export function estimateListing(
  listing: MarketListing,
  others: readonly MarketListing[],
  now: Date,
): (MarketRange & { verdict: MarketVerdict }) | null {
  if (listing.price === null || listing.price < MARKET_MIN_PRICE) return null;
  if (now.getTime() - listing.publishedAt.getTime() > MARKET_WINDOW_DAYS * 86_400_000) return null;
  const comparables = chooseComparables(listing, others, now);
  if (comparables.length < MARKET_MIN_COMPARABLES) return null;
  const market = estimateMarket([listing.price, ...comparables.map((other) => other.price!)])!;
  return { ...market, comparables: comparables.length, verdict: marketVerdict(listing.price, market) };
}
