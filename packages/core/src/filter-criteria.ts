/** The search and saved-filter criteria the feed and the filter panel share (spec §3). */
export interface FilterCriteria {
  brands: readonly number[];
  models: readonly number[];
  cities: readonly number[];
  priceFrom: number | null;
  priceTo: number | null;
  yearFrom: number | null;
  yearTo: number | null;
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** Order of selected ids does not matter; "save filter" is offered only when this is false (spec §5). */
export function isSameFilterCriteria(a: FilterCriteria, b: FilterCriteria): boolean {
  return (
    sameSet(a.brands, b.brands) &&
    sameSet(a.models, b.models) &&
    sameSet(a.cities, b.cities) &&
    a.priceFrom === b.priceFrom &&
    a.priceTo === b.priceTo &&
    a.yearFrom === b.yearFrom &&
    a.yearTo === b.yearTo
  );
}

/** Removing a brand drops its models (spec §4): keeps the selected models whose brand is still selected. */
export function keepModelsOfBrands<T extends { car_brand_id: number }>(models: readonly T[], brands: readonly number[]): T[] {
  const selected = new Set(brands);
  return models.filter((model) => selected.has(model.car_brand_id));
}
