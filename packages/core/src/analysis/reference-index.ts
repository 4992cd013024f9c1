// The reference data (brands, models, cities and their synonyms) turned into lookup tables for the analysis. Built once
// per process (buildAnalysisIndex), then every post is a few map lookups per word.
import {
  COMMON_WORDS,
  EXTRA_BRAND_SYNONYMS,
  EXTRA_CAR_MODEL_SYNONYMS,
  EXTRA_CITY_NICKNAMES,
  EXTRA_MOTO_MODELS,
  WORD_LIKE_CITIES,
} from './extra-reference';
import { NameTable } from './name-table';
import { foldWord, hasCyrillic, hasLatinLetter, nameKey, tokenize } from './tokens';

export type AnalysisVehicleKind = 'car' | 'moto';

export interface AnalysisModelRecord {
  name: string;
  synonyms?: readonly string[] | null;
  yearFrom?: number | null;
  yearTo?: number | null;
}

export interface AnalysisBrandRecord {
  name: string;
  popular?: boolean | null;
  synonyms?: readonly string[] | null;
  models: readonly AnalysisModelRecord[];
}

export interface AnalysisCityRecord {
  city: string;
  population?: number | null;
  synonyms?: readonly string[] | null;
}

export interface AnalysisReferenceData {
  carBrands: readonly AnalysisBrandRecord[];
  motoBrands: readonly AnalysisBrandRecord[];
  cities: readonly AnalysisCityRecord[];
}

export interface IndexedModel {
  brand: IndexedBrand;
  /** The name as the catalogue (and the database) has it. */
  catalogName: string;
  /** Catalogue name in Latin letters where the catalogue has one ('E-Class' for 'E-Класс'). */
  name: string;
  yearFrom: number | null;
  yearTo: number | null;
}

export interface IndexedBrand {
  name: string;
  /** The name as the catalogue (and the database) has it ('УАЗ' for 'UAZ'). */
  catalogName: string;
  kind: AnalysisVehicleKind;
  popular: boolean;
  order: number;
  models: NameTable<IndexedModel>;
  /** Models named by a factory number ('2107', '3110', '469'): a longer number is its variant ('21074', '31105'). */
  numbers: Map<string, IndexedModel>;
  /** Letter prefixes of model names: 'rx' for RX (RX200t), 'e' for E-Class (E200), 'ml' for M-Class (ML350). */
  prefixes: Map<string, IndexedModel>;
  /** BMW-style series by first digit: '5' → 5 Series (528i). */
  series: Map<string, IndexedModel>;
  /** Model years of all its models, for telling a brand from a same-named model ('Solaris'). */
  firstYear: number | null;
}

export interface IndexedCity {
  name: string;
  population: number;
  /** Needs a capital letter and a marker ('г.', '📍', 'в') or the end of a line to count. */
  weak: boolean;
}

export interface CityPattern {
  city: IndexedCity;
  /** Accepted folded forms of each following word. */
  rest: Set<string>[];
  capitalOnly: boolean;
}

export interface AnalysisIndex {
  brands: NameTable<IndexedBrand>;
  /** Distinctive model names of popular brands, for posts that name a model without its brand ('Камри 2018'). */
  models: NameTable<IndexedModel>;
  cities: Map<string, CityPattern[]>;
}

const WORD_LIKE = (name: string) => WORD_LIKE_CITIES.has(name);

// Numbered series by their Russian nicknames, as the LADAs have theirs ('Семёрка БМВ' is a 7 Series).
const SERIES_NICKNAMES: Record<string, string[]> = {
  '1': ['Единичка'],
  '2': ['Двойка'],
  '3': ['Трешка', 'Трёшка'],
  '4': ['Четверка', 'Четвёрка'],
  '5': ['Пятерка', 'Пятёрка'],
  '6': ['Шестерка', 'Шестёрка'],
  '7': ['Семерка', 'Семёрка'],
  '8': ['Восьмерка', 'Восьмёрка'],
};

export function latinName(name: string, synonyms: readonly string[] | null | undefined): string {
  if (!hasCyrillic(name)) return name;
  const translated = name.replace(/Класс$/, 'Class').replace(/серия/, 'Series');
  if (!hasCyrillic(translated)) return translated;
  return synonyms?.find((synonym) => hasLatinLetter(synonym) && !hasCyrillic(synonym)) ?? name;
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}

// City word forms: Казань → Казани, Москва → Москве/Москвы, Нижний → Нижнем, Челны → Челнах, Новосибирск → Новосибирске.
function cityWordForms(word: string): string[] {
  const w = word.toLowerCase();
  const forms = new Set([w]);
  const stem1 = w.slice(0, -1);
  const stem2 = w.slice(0, -2);
  const add = (stem: string, endings: string[]) => endings.forEach((ending) => forms.add(stem + ending));
  if (/(ый|ий|ой)$/.test(w)) add(stem2, ['ого', 'ому', 'ом', 'ем', 'его', 'ему', 'ым', 'им']);
  else if (/ая$/.test(w)) add(stem2, ['ой', 'ую']);
  else if (/ое$/.test(w)) add(stem2, ['ого', 'ом']);
  else if (/ые$/.test(w)) add(stem2, ['ых', 'ым']);
  else if (/ь$/.test(w)) add(stem1, ['и', 'ью', 'я', 'ю', 'е']);
  else if (/а$/.test(w)) add(stem1, ['ы', 'е', 'у', 'ой', 'и']);
  else if (/я$/.test(w)) add(stem1, ['и', 'е', 'ю', 'ей']);
  else if (/й$/.test(w)) add(stem1, ['я', 'ю', 'е', 'ем']);
  else if (/ы$/.test(w)) add(stem1, ['ах', 'ов', 'ам']);
  else if (/и$/.test(w) && w.length > 4) add(stem1, ['ах']);
  else if (/о$/.test(w)) add(stem1, ['е']);
  else if (/[бвгджзклмнпрстфхцчшщ]$/.test(w)) add(w, ['а', 'е', 'у', 'ом']);
  return [...forms].map(foldWord);
}

function addCity(index: Map<string, CityPattern[]>, name: string, city: IndexedCity, capitalOnly: boolean) {
  const words = tokenize(name).map((token) => token.raw);
  if (words.length === 0) return;
  // Words after 'на' (Ростов-на-Дону) keep their form.
  const fixedFrom = words.findIndex((word) => word.toLowerCase() === 'на');
  const formsOf = (word: string, position: number) =>
    fixedFrom >= 0 && position >= fixedFrom ? [foldWord(word)] : cityWordForms(word);
  const rest = words.slice(1).map((word, i) => new Set(formsOf(word, i + 1)));
  for (const first of formsOf(words[0] ?? '', 0)) addTo(index, first, { city, rest, capitalOnly });
  // A name of two words or more with its first word shortened: 'Вел. Луки', 'Н. Новгород', 'Ст. Оскол'.
  const head = (words[0] ?? '').toLowerCase();
  if (words.length >= 2 && head.length >= 5) {
    for (const short of [head.slice(0, 1), head.slice(0, 2), head.slice(0, 3)]) {
      addTo(index, foldWord(short), { city, rest, capitalOnly: true });
    }
  }
  // 'Н.Новгород', 'С-Петербург' are one lookup too when written together.
}

export function buildAnalysisIndex(data: AnalysisReferenceData): AnalysisIndex {
  const brands = new NameTable<IndexedBrand>({ fuzzy: false, shortNames: true, initials: false, minPrefix: 3 });
  const models = new NameTable<IndexedModel>({ fuzzy: false, shortNames: false, initials: 'with-brand' });
  const cities = new Map<string, CityPattern[]>();
  let order = 0;
  const cityKeys = new Set<string>();
  for (const record of data.cities) {
    for (const name of [record.city, ...(record.synonyms ?? []), ...(EXTRA_CITY_NICKNAMES[record.city] ?? [])]) {
      cityKeys.add(nameKey(name));
    }
  }
  const common = (key: string, form: string) => COMMON_WORDS.has(form.toLowerCase()) || COMMON_WORDS.has(key);

  const addBrands = (records: readonly AnalysisBrandRecord[], kind: AnalysisVehicleKind) => {
    const extras = kind === 'car' ? EXTRA_CAR_MODEL_SYNONYMS : EXTRA_MOTO_MODELS;
    for (const record of records) {
      const brand: IndexedBrand = {
        name: latinName(record.name, record.synonyms),
        catalogName: record.name,
        kind,
        popular: record.popular === true,
        order: order++,
        models: new NameTable({
          fuzzy: true,
          shortNames: false,
          initials: 'all',
          brand: latinName(record.name, record.synonyms),
        }),
        numbers: new Map(),
        prefixes: new Map(),
        series: new Map(),
        firstYear: null,
      };
      // A brand's generated forms must not be an ordinary word or a city ('Лада' is fine, 'Ока' is not a brand).
      for (const name of [record.name, ...(record.synonyms ?? []), ...(EXTRA_BRAND_SYNONYMS[record.name] ?? [])]) {
        brands.add(name, brand, {
          keep: (key, form) => form === name || (!cityKeys.has(key) && !common(key, form)),
          shortPrefix: brand.popular,
        });
      }
      const extraModels = extras[record.name] ?? {};
      const allModels: AnalysisModelRecord[] = record.models.map((model) => ({
        ...model,
        synonyms: [...(model.synonyms ?? []), ...(extraModels[model.name] ?? [])],
      }));
      for (const [name, synonyms] of Object.entries(extraModels)) {
        if (!record.models.some((model) => model.name === name)) allModels.push({ name, synonyms });
      }
      for (const model of allModels) {
        const indexed: IndexedModel = {
          brand,
          catalogName: model.name,
          name: latinName(model.name, model.synonyms),
          yearFrom: model.yearFrom ?? null,
          yearTo: model.yearTo ?? null,
        };
        if (indexed.yearFrom !== null) brand.firstYear = Math.min(brand.firstYear ?? 9999, indexed.yearFrom);
        const names = [model.name, ...(model.synonyms ?? [])];
        for (const name of names) {
          brand.models.add(name, indexed, { first: name === model.name });
          const key = nameKey(name);
          if (/^\d{3,6}$/.test(key) && !brand.numbers.has(key)) brand.numbers.set(key, indexed);
          // A body code's number said alone after the brand ('W211' → 'мерин 211-го', 'Мерседес 124').
          const body = /^[WX](\d{3})$/.exec(name);
          if (body?.[1] && !brand.numbers.has(body[1])) brand.numbers.set(body[1], indexed);
          if (brand.popular || (kind === 'car' && nameKey(name).length >= 6)) {
            // Named alone, a model must be distinctive: four letters or more (three in Cyrillic), not a number, a
            // city or an ordinary word; generated spellings need four letters. Other car brands' models count alone
            // with six letters or more ('Витара', 'Импреза'); a popular brand's comes first where both have one.
            models.add(name, indexed, {
              brand: brand.name,
              keep: (formKey, form) => {
                const generated = form !== name;
                return (
                  (formKey.length >= 4 || (formKey.length === 3 && /^[а-яё]+$/i.test(name) && !generated)) &&
                  (!generated || formKey.length >= 4) &&
                  !/^\d+$/.test(formKey) &&
                  !cityKeys.has(formKey) &&
                  !common(formKey, form) &&
                  !COMMON_WORDS.has(name.toLowerCase())
                );
              },
            });
          }
          if (/^[a-z]{1,4}$/.test(key) && !brand.prefixes.has(key)) brand.prefixes.set(key, indexed);
          const classMatch = /^([A-Za-z]{1,3})-(Класс|Class)$/.exec(name);
          if (classMatch?.[1]) brand.prefixes.set(classMatch[1].toLowerCase(), indexed);
          const seriesMatch = /^(\d) (серия|Series)$/.exec(name);
          if (seriesMatch?.[1]) {
            brand.series.set(seriesMatch[1], indexed);
            for (const nickname of SERIES_NICKNAMES[seriesMatch[1]] ?? []) brand.models.add(nickname, indexed);
          }
          // Letter-and-digit codes of popular brands ('X5', 'A4', 'Q7') name the model alone when written in capitals.
          if (brand.popular && /^[A-Z]{1,2}\d{1,2}$/.test(name)) models.addCapitals(name, indexed);
        }
      }
    }
  };
  addBrands(data.carBrands, 'car');
  addBrands(data.motoBrands, 'moto');

  for (const record of data.cities) {
    const population = record.population ?? 0;
    const city: IndexedCity = {
      name: record.city,
      population,
      weak: population < 100_000 || WORD_LIKE(record.city),
    };
    addCity(cities, record.city, city, false);
    const nicknames = [...(record.synonyms ?? []), ...(EXTRA_CITY_NICKNAMES[record.city] ?? [])];
    for (const nickname of nicknames) {
      addCity(cities, nickname, { ...city, weak: WORD_LIKE(nickname) }, WORD_LIKE(nickname));
    }
  }
  return { brands, models, cities };
}
