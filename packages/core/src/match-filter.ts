import type { FilterCriteria } from './filter-criteria';
import type { MarketVerdict } from './market-estimate';

/** What matching needs to know of a listing; price in roubles, unknown values as null. */
export interface MatchableListing {
  brand_id: number | null;
  model_id: number | null;
  city_id: number | null;
  price: number | null;
  year: number | null;
  /** The market estimate's verdict on the price (market-estimate.ts); null or absent: no estimate. */
  market_verdict?: MarketVerdict | null;
}

/**
 * A saved filter's criteria for matching. Models come with their brand, because a model selection narrows only the
 * brand it belongs to.
 */
export type MatchCriteria = Omit<FilterCriteria, 'models'> & {
  models: readonly { id: number; car_brand_id: number }[];
};

function inRange(value: number | null, from: number | null, to: number | null): boolean {
  if (from === null && to === null) return true;
  if (value === null) return false;
  return (from === null || value >= from) && (to === null || value <= to);
}

/**
 * THE definition of "a listing satisfies a saved filter", used by the API's search, the bot's notifications and the
 * UI alike. An empty list means any value. Selected models add their brands to the brand selection; for a brand
 * with selected models only those models match, other selected brands still match with any model. A bound on a
 * value the listing lacks (no price, no year) excludes it; bounds are inclusive. «Только хорошая цена» admits only a
 * listing whose market verdict is `good` (no estimate: no match).
 */
export function matchFilter(listing: MatchableListing, criteria: MatchCriteria): boolean {
  const brands = new Set([...criteria.brands, ...criteria.models.map((model) => model.car_brand_id)]);
  if (brands.size > 0 && (listing.brand_id === null || !brands.has(listing.brand_id))) return false;

  const modelsOfBrand = criteria.models.filter((model) => model.car_brand_id === listing.brand_id);
  if (modelsOfBrand.length > 0 && !modelsOfBrand.some((model) => model.id === listing.model_id)) return false;

  if (criteria.cities.length > 0 && (listing.city_id === null || !criteria.cities.includes(listing.city_id))) {
    return false;
  }
  if (criteria.goodPriceOnly && listing.market_verdict !== 'good') return false;
  return (
    inRange(listing.price, criteria.priceFrom, criteria.priceTo) &&
    inRange(listing.year, criteria.yearFrom, criteria.yearTo)
  );
}
