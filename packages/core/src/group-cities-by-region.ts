import { CITIES_PER_REGION } from './constants';

export interface RegionGroup<T> {
  region: string;
  region_type: string | null;
  /** The first `limit` cities of the region, in input order. */
  cities: T[];
  /** Cities of the region left out by the limit. */
  hiddenCount: number;
}

/** Groups cities by region in order of first appearance, showing the first 50 of each (spec §2). */
export function groupCitiesByRegion<T extends { region: string; region_type?: string | null }>(
  cities: readonly T[],
  limit: number = CITIES_PER_REGION,
): RegionGroup<T>[] {
  const groups = new Map<string, RegionGroup<T>>();
  for (const city of cities) {
    let group = groups.get(city.region);
    if (!group) {
      group = { region: city.region, region_type: city.region_type ?? null, cities: [], hiddenCount: 0 };
      groups.set(city.region, group);
    }
    if (group.cities.length < limit) group.cities.push(city);
    else group.hiddenCount += 1;
  }
  return [...groups.values()];
}
