// The search and saved-filter criteria the feed and the filter panel share (spec §3). Their fields are listed here
// once; the contract, the database columns, the API and matching derive from or are checked against these lists.

/** Id selections; an empty list means any value. */
export const FILTER_ID_FIELDS = ['brands', 'models', 'cities'] as const;
export type FilterIdField = (typeof FILTER_ID_FIELDS)[number];

/** Inclusive bounds; null means no bound. */
export const FILTER_BOUND_FIELDS = ['priceFrom', 'priceTo', 'yearFrom', 'yearTo'] as const;
export type FilterBoundField = (typeof FILTER_BOUND_FIELDS)[number];

export type FilterBounds = { [K in FilterBoundField]: number | null };

/**
 * Switches; false means any listing. `goodPriceOnly` («Только хорошая цена», issue 33): only listings whose market
 * estimate says «Хорошая цена» (market-estimate.ts verdict `good`); a listing without an estimate does not match.
 */
export const FILTER_FLAG_FIELDS = ['goodPriceOnly'] as const;
export type FilterFlagField = (typeof FILTER_FLAG_FIELDS)[number];
export type FilterFlags = { [K in FilterFlagField]: boolean };

/** Criteria as callers hold them; an absent switch is off. */
export type FilterCriteria = { [K in FilterIdField]: readonly number[] } & FilterBounds & Partial<FilterFlags>;

/** Criteria that ask nothing: every listing matches. Its empty lists fit any list type (matching's models too). */
export const EMPTY_FILTER_CRITERIA = Object.freeze({
  brands: Object.freeze([]),
  models: Object.freeze([]),
  cities: Object.freeze([]),
  priceFrom: null,
  priceTo: null,
  yearFrom: null,
  yearTo: null,
  goodPriceOnly: false,
}) satisfies FilterCriteria;

/** Criteria with lists of their own, as a stored filter or an answer holds them. */
export type FilterCriteriaValues = { [K in FilterIdField]: number[] } & FilterBounds & FilterFlags;

/**
 * The criteria fields of a larger object (a stored filter, a saved-filter form), each list copied; with `uniqueIds`
 * a repeated id is kept once, so equal filters are stored alike.
 */
export function pickFilterCriteria(
  source: FilterCriteria,
  options: { uniqueIds?: boolean } = {},
): FilterCriteriaValues {
  const picked = {} as FilterCriteriaValues;
  for (const field of FILTER_ID_FIELDS)
    picked[field] = options.uniqueIds ? [...new Set(source[field])] : [...source[field]];
  return Object.assign(picked, pickFilterBounds(source), pickFilterFlags(source));
}

/** The switches of partial criteria, an absent switch as off. */
export function pickFilterFlags(criteria: Partial<FilterFlags>): FilterFlags {
  const flags = {} as FilterFlags;
  for (const field of FILTER_FLAG_FIELDS) flags[field] = criteria[field] ?? false;
  return flags;
}

/** The bounds of partial criteria, an absent bound as none. */
export function pickFilterBounds(criteria: Partial<FilterBounds>): FilterBounds {
  const bounds = {} as FilterBounds;
  for (const field of FILTER_BOUND_FIELDS) bounds[field] = criteria[field] ?? null;
  return bounds;
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** Order of selected ids does not matter; "save filter" is offered only when this is false (spec §5). */
export function isSameFilterCriteria(a: FilterCriteria, b: FilterCriteria): boolean {
  return (
    FILTER_ID_FIELDS.every((field) => sameSet(a[field], b[field])) &&
    FILTER_BOUND_FIELDS.every((field) => a[field] === b[field]) &&
    FILTER_FLAG_FIELDS.every((field) => Boolean(a[field]) === Boolean(b[field]))
  );
}

/** Removing a brand drops its models (spec §4): keeps the selected models whose brand is still selected. */
export function keepModelsOfBrands<T extends { car_brand_id: number }>(
  models: readonly T[],
  brands: readonly number[],
): T[] {
  const selected = new Set(brands);
  return models.filter((model) => selected.has(model.car_brand_id));
}
