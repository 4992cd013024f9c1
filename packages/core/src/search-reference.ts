// Case-insensitive substring search over reference data (spec §5). Both sides are folded the same way, so 'ё' finds
// 'е' and a Cyrillic 'Х5' finds a Latin 'X5' (the reference data README asks for that fold at query time).
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
};

export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[авеёкмнорстух]/g, (letter) => LOOKALIKES[letter] ?? letter);
}

function matchesAny(query: string, texts: readonly (string | null | undefined)[]): boolean {
  return texts.some((text) => text !== null && text !== undefined && normalizeSearchText(text).includes(query));
}

function search<T>(items: readonly T[], query: string, textsOf: (item: T) => readonly (string | null | undefined)[]) {
  const needle = normalizeSearchText(query);
  if (needle === '') return [...items];
  return items.filter((item) => matchesAny(needle, textsOf(item)));
}

export interface SearchableName {
  name: string;
  synonyms?: readonly string[] | null;
}

export interface SearchableCity {
  city: string;
  region: string;
  synonyms?: readonly string[] | null;
}

/** Brands whose name or a synonym contains the query; an empty query keeps all, order is kept. */
export function searchBrands<T extends SearchableName>(brands: readonly T[], query: string): T[] {
  return search(brands, query, (brand) => [brand.name, ...(brand.synonyms ?? [])]);
}

export function searchModels<T extends SearchableName>(models: readonly T[], query: string): T[] {
  return search(models, query, (model) => [model.name, ...(model.synonyms ?? [])]);
}

/** Cities also match by their region ('татар' finds every city of Татарстан). */
export function searchCities<T extends SearchableCity>(cities: readonly T[], query: string): T[] {
  return search(cities, query, (city) => [city.city, city.region, ...(city.synonyms ?? [])]);
}
