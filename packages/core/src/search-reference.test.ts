import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchBrands, searchCities, searchModels } from './search-reference';

const brands = [
  { id: 1, name: 'LADA', synonyms: ['Лада', 'ВАЗ', 'Жигули'] },
  { id: 2, name: 'Hyundai', synonyms: ['Хендай', 'Хёндай'] },
  { id: 3, name: 'BMW', synonyms: ['БМВ'] },
  { id: 4, name: 'Citroen', synonyms: null },
];
const models = [
  { id: 10, name: 'X5', synonyms: ['Икс пять'] },
  { id: 11, name: 'Land Cruiser', synonyms: ['Крузак', 'LC200'] },
  { id: 12, name: 'C4', synonyms: [] },
];
const cities = [
  { id: 1, city: 'Казань', region: 'Татарстан', synonyms: [] },
  { id: 2, city: 'Набережные Челны', region: 'Татарстан', synonyms: ['Челны'] },
  { id: 3, city: 'Москва', region: 'Москва', synonyms: ['Мск'] },
  { id: 4, city: 'Орёл', region: 'Орловская' },
];
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('searchBrands', () => {
  it('matches name and synonyms case-insensitively by substring', () => {
    expect(ids(searchBrands(brands, 'lada'))).toEqual([1]);
    expect(ids(searchBrands(brands, 'ЖИГ'))).toEqual([1]);
    expect(ids(searchBrands(brands, 'унда'))).toEqual([]);
    expect(ids(searchBrands(brands, 'yund'))).toEqual([2]);
    expect(ids(searchBrands(brands, 'бм'))).toEqual([3]);
  });

  it('folds ё to е', () => {
    expect(ids(searchBrands(brands, 'хендай'))).toEqual([2]);
    expect(ids(searchBrands(brands, 'хёнд'))).toEqual([2]);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(ids(searchBrands(brands, ''))).toEqual([1, 2, 3, 4]);
    expect(ids(searchBrands(brands, '   '))).toEqual([1, 2, 3, 4]);
  });

  it('copes with missing synonyms', () => {
    expect(ids(searchBrands(brands, 'citr'))).toEqual([4]);
  });
});

describe('searchModels', () => {
  it('matches synonyms and Latin/Cyrillic look-alikes', () => {
    expect(ids(searchModels(models, 'крузак'))).toEqual([11]);
    expect(ids(searchModels(models, 'lc2'))).toEqual([11]);
    expect(ids(searchModels(models, 'Х5'))).toEqual([10]); // Cyrillic Х
    expect(ids(searchModels(models, 'С4'))).toEqual([12]); // Cyrillic С
    expect(ids(searchModels(models, 'cruiser'))).toEqual([11]);
  });
});

describe('searchCities', () => {
  it('matches city, synonyms and region', () => {
    expect(ids(searchCities(cities, 'казан'))).toEqual([1]);
    expect(ids(searchCities(cities, 'челны'))).toEqual([2]);
    expect(ids(searchCities(cities, 'татар'))).toEqual([1, 2]);
    expect(ids(searchCities(cities, 'мск'))).toEqual([3]);
    expect(ids(searchCities(cities, 'орел'))).toEqual([4]);
  });
});

describe('normalizeSearchText', () => {
  it('lower-cases, trims and collapses spaces', () => {
    expect(normalizeSearchText('  Land   Cruiser ')).toBe('land cruiser');
  });
});
