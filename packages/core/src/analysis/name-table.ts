// A lookup table of names in all their forms (name-forms.ts), read over the words of a post. One table per use: all
// brands, the models of one brand, the distinctive models named without a brand. A match says which rule found it:
// - 'exact': a form as written (words joined, the search's fold: 'Санта-Фе', 'санта фе' and 'SantaFe' are one key);
// - 'declined': the same words by their Russian stems ('Тойоту' → 'тойот', 'на Крузаке' → 'крузак');
// - 'diminutive': a colloquial suffix on the first letters of a name ('Камрюха', 'Прадик', 'Фокусик', 'Крузачок');
// - 'short': initials and two-letter names, only in capitals or before a number ('ЛК 200', 'TLC', 'VW');
// - 'generation': a name with its generation number glued on ('Прадо150', 'Камри70', 'Гольф4');
// - 'misspelt': one letter added, missing or changed in a long Russian spelling ('Аутлендер', 'Паджеро'); only the
//   tables of one brand allow it, so it needs the brand named beside it.
import { initials, nameForms } from './name-forms';
import { stemRu } from './stem';
import { foldWord, nameKey, tokenize, type Token } from './tokens';

export type MatchRule = 'exact' | 'declined' | 'diminutive' | 'short' | 'generation' | 'misspelt';

export interface NameMatch<V> {
  values: V[];
  /** The folded key that matched (words joined). */
  key: string;
  /** Number of post words the name covers. */
  words: number;
  rule: MatchRule;
}

export interface NameTableOptions {
  /** Allow 'misspelt' matches (the table of one brand's models). */
  fuzzy: boolean;
  /** Brand name whose initial goes before a model's initials ('Toyota' → 'TLC'). */
  brand?: string | null;
  /** Names of two letters or fewer count only in capitals ('VW', 'HD' among brands; not 'X5' among models). */
  shortNames: boolean;
  /**
   * Index the initials of names of two or more words: 'all' for one brand's models ('LC', 'ТЛК'), 'with-brand' for
   * models named alone (only 'TLC', 'ТЛК'), none for brands ('Kia Motors' is no 'KM').
   */
  initials: 'all' | 'with-brand' | false;
  /**
   * Shortest first part of a name a diminutive may keep: 4, or this for names added with `shortPrefix` (the popular
   * brands: 'Аудюха', 'Шевик').
   */
  minPrefix?: number;
}

// Suffixes of colloquial forms, on the stem: Камрюх(а), Прадик, Фокусик, Крузак, Солярк(а), Пассатушк(а), Крузачок.
const DIMINUTIVE =
  /^(.{3,}?)(юшк|ушк|ечк|очк|ичк|чок|ачок|чик|енок|ёнок|енк|ёнк|юх|ух|юш|уш|ик|ок|ек|ак|ёк|к|ешк|ошк|шк)$/u;
// Colloquial words that look like a diminutive of a name but are something else ('солярка' is diesel fuel) when
// written in small letters.
const NOT_DIMINUTIVE = new Set(['солярк', 'ланк', 'марк', 'мерк', 'форк', 'пилотк', 'поставк', 'покупк', 'продажк']);

const CYRILLIC_WORD = /^[а-яё]+$/;

function stemKey(text: string): string {
  return tokenize(text)
    .map((token) => foldWord(stemRu(token.raw.toLowerCase())))
    .join('');
}

interface Shapes {
  /** The folded first parts a colloquial form may stand for ('камрюха' → 'камр'), or null. */
  diminutive: string[] | null;
  /** The folded letters of a name with a number glued on ('Прадо150' → 'прадо'), or null. */
  glued: string | null;
  gluedStem: string | null;
}

const SOFTENED: Record<string, string> = { ж: 'г', ч: 'к', ш: 'х' };

function diminutiveBases(part: string): string[] {
  const bases = [part];
  const last = part.at(-1) ?? '';
  if (SOFTENED[last]) bases.push(part.slice(0, -1) + SOFTENED[last]);
  if (part.length === 3) for (const vowel of ['а', 'о', 'и', 'я']) bases.push(part + vowel);
  return bases.filter((base) => base.length >= 3);
}

// A token's shapes and misspellings depend on the word as written alone (its key, stem, base and script are forms of
// it): worked out once per word, for every table and every post that writes it (issue 28: per token they were a tenth
// of the analysis of a source's first read). Bounded like tokens.ts's forms.
const WORDS_KEPT = 50_000;
function remember<T>(cache: Map<string, T>, word: string, value: T): T {
  if (cache.size >= WORDS_KEPT) cache.clear();
  cache.set(word, value);
  return value;
}

// What a token may be besides a name as written, worked out once per word (every table asks).
const shapeCache = new Map<string, Shapes>();
function shapes(token: Token): Shapes {
  let found = shapeCache.get(token.raw);
  if (!found) {
    // A word on that list written with a capital is the name after all ('Продам Солярку 2015').
    const ordinary = NOT_DIMINUTIVE.has(token.base) && !/^\p{Lu}/u.test(token.raw);
    const diminutive = token.cyrillic && !ordinary ? DIMINUTIVE.exec(token.base)?.[1] : undefined;
    // The first part as the name had it: a consonant that softened before the suffix ('Туарежик' → 'туарег') or a
    // final vowel the suffix replaced ('Нивка' → 'нива').
    const bases = diminutive ? diminutiveBases(diminutive) : [];
    const glued = /^(\p{L}{2,})(\d{1,3})$/u.exec(token.raw)?.[1];
    found = {
      diminutive: bases.length > 0 ? bases.map(foldWord) : null,
      glued: glued ? foldWord(glued) : null,
      gluedStem: glued ? foldWord(stemRu(glued.toLowerCase())) : null,
    };
    remember(shapeCache, token.raw, found);
  }
  return found;
}

// The folded word and stem of a token with one letter left out, computed once per word (each brand's table asks).
const misspellings = new Map<string, string[]>();
function misspellingKeys(token: Token): string[] {
  let keys = misspellings.get(token.raw);
  if (!keys) {
    const out = new Set<string>();
    for (const word of [token.key, token.stem]) {
      if (word.length < 5) continue;
      out.add(word);
      for (const deletion of oneDeletions(word)) out.add(deletion);
    }
    keys = remember(misspellings, token.raw, [...out]);
  }
  return keys;
}

function oneDeletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

interface Entry<V> {
  value: V;
  /** 'capitals': counts only in capitals (a two-letter name); 'initials': in capitals before a number. */
  short: false | 'capitals' | 'initials';
}

function add<V>(map: Map<string, Entry<V>[]>, key: string, entry: Entry<V>) {
  if (key === '') return;
  const list = map.get(key);
  if (!list) map.set(key, [entry]);
  else if (!list.some((item) => item.value === entry.value)) list.push(entry);
}

export interface AddOptions {
  keep?: (key: string, form: string) => boolean;
  first?: boolean;
  brand?: string | null;
  shortPrefix?: boolean;
}

export class NameTable<V> {
  private readonly exact = new Map<string, Entry<V>[]>();
  private readonly declined = new Map<string, Entry<V>[]>();
  private readonly truncated = new Map<string, Entry<V>[]>();
  private readonly deletions = new Map<string, Entry<V>[]>();
  /** Starts of the keys of names of several words (and their first words' stems). */
  private readonly firstWords = new Set<string>();
  maxWords = 1;

  constructor(private readonly options: NameTableOptions) {}

  /** A code that counts alone only in capitals ('X5', 'A4'). */
  addCapitals(name: string, value: V): void {
    add(this.exact, nameKey(name), { value, short: 'capitals' });
  }

  /**
   * Adds one catalogue name or synonym and its generated forms. `keep` can refuse a form (a common word, a city);
   * `first` puts the value before others under the same exact key (the model whose own name it is); `brand` is the
   * brand whose initial goes before the initials; `shortPrefix` lets a diminutive keep `minPrefix` letters.
   */
  add(name: string, value: V, how: AddOptions = {}): void {
    const keep = how.keep ?? (() => true);
    const first = how.first ?? false;
    const brand = how.brand ?? this.options.brand ?? null;
    for (const form of nameForms(name)) {
      const key = foldWord(
        tokenize(form.text)
          .map((t) => t.raw)
          .join(''),
      );
      if (key === '' || !keep(key, form.text)) continue;
      const formTokens = tokenize(form.text);
      const words = formTokens.length;
      this.maxWords = Math.min(5, Math.max(this.maxWords, words));
      // A code written in one word may be split in a post ('CBR 600 F4i'), a name of several words split elsewhere.
      if (words > 1 || (/\d/.test(key) && /\p{L}/u.test(key))) {
        // A post may split the name elsewhere ('R1250GS Adventure' for 'R 1250 GS Adventure'): every start of the
        // joined key may be the first word.
        for (let length = 1; length < key.length; length++) this.firstWords.add(key.slice(0, length));
        this.firstWords.add(formTokens[0]!.stem);
      }
      add(this.exact, key, { value, short: this.options.shortNames && key.length <= 2 ? 'capitals' : false });
      if (first) {
        const list = this.exact.get(key)!;
        const at = list.findIndex((entry) => entry.value === value);
        list.unshift(...list.splice(at, 1));
      }
      const lower = form.text.toLowerCase();
      if (!/[а-яё]/.test(lower)) continue;
      const stem = stemKey(form.text);
      const last = tokenize(form.text).at(-1)?.raw.toLowerCase() ?? '';
      if (stem !== key && stemRu(last).length >= 3 && last.length >= 4)
        add(this.declined, stem, { value, short: false as const });
      if (words === 1 && CYRILLIC_WORD.test(lower) && lower.length >= 4) {
        const shortest = how.shortPrefix && this.options.minPrefix !== undefined ? this.options.minPrefix : 4;
        for (let length = Math.min(shortest, lower.length); length <= lower.length; length++) {
          add(this.truncated, foldWord(lower.slice(0, length)), { value, short: false as const });
        }
      }
      if (this.options.fuzzy && words === 1 && CYRILLIC_WORD.test(lower) && lower.length >= 5) {
        // The word and its stem, each with one letter left out: two spellings one edit apart share one of these.
        for (const word of new Set([lower, stemRu(lower)])) {
          if (word.length < 5) continue;
          for (const deletion of [word, ...oneDeletions(word)])
            add(this.deletions, foldWord(deletion), { value, short: false as const });
        }
      }
    }
    if (!this.options.initials) return;
    const brandInitial = this.options.initials === 'with-brand';
    for (const short of initials(name, brand).slice(brandInitial ? 2 : 0)) {
      add(this.exact, foldWord(short), { value, short: 'initials' });
    }
  }

  /** The longest name starting at word i, by the first rule that finds one. */
  match(tokens: readonly Token[], i: number): NameMatch<V> | null {
    const token = tokens[i];
    if (!token) return null;
    // Names of several words are tried only from a word that starts one.
    const longest = this.firstWords.has(token.key) || this.firstWords.has(token.stem) ? this.maxWords : 1;
    for (let n = Math.min(longest, tokens.length - i); n >= 1; n--) {
      let key = '';
      let stem = '';
      for (let j = i; j < i + n; j++) {
        key += tokens[j]!.key;
        stem += tokens[j]!.stem;
      }
      const exact = this.usable(this.exact.get(key), tokens, i, n);
      if (exact) return { values: exact, key, words: n, rule: this.isShort(key) ? 'short' : 'exact' };
      if (stem !== key) {
        const declined = this.declined.get(stem) ?? this.exact.get(stem)?.filter((entry) => !entry.short);
        if (declined?.length)
          return { values: declined.map((entry) => entry.value), key: stem, words: n, rule: 'declined' };
      }
    }
    const { diminutive, glued, gluedStem } = shapes(token);
    for (const base of diminutive ?? []) {
      const found = this.truncated.get(base);
      if (found) return { values: found.map((entry) => entry.value), key: token.key, words: 1, rule: 'diminutive' };
    }
    if (glued && (glued.length >= 3 || this.options.fuzzy)) {
      const found = this.exact.get(glued) ?? this.declined.get(gluedStem ?? glued);
      if (found) return { values: found.map((entry) => entry.value), key: glued, words: 1, rule: 'generation' };
    }
    if (this.options.fuzzy && token.cyrillic && token.raw.length >= 5) {
      const values = new Set<V>();
      for (const deletion of misspellingKeys(token)) {
        for (const entry of this.deletions.get(deletion) ?? []) values.add(entry.value);
      }
      if (values.size > 0) return { values: [...values], key: token.key, words: 1, rule: 'misspelt' };
    }
    return null;
  }

  private isShort(key: string): boolean {
    return this.exact.get(key)?.every((entry) => entry.short) ?? false;
  }

  private usable(entries: Entry<V>[] | undefined, tokens: readonly Token[], i: number, n: number): V[] | null {
    if (!entries) return null;
    const raw = tokens[i]!.raw;
    // In capitals ('VW', 'ИЖ'); a Russian two-letter name also as a word with a capital ('Иж Планета').
    const capitals = n === 1 && /\p{L}/u.test(raw) && (raw === raw.toUpperCase() || /^[А-ЯЁ][а-яё]$/u.test(raw));
    const numberAfter = n === 1 && (/\d$/.test(raw) || /^\d/.test(tokens[i + 1]?.raw ?? ''));
    const values = entries
      .filter((entry) => !entry.short || (n === 1 && capitals && (entry.short === 'capitals' || numberAfter)))
      .map((entry) => entry.value);
    return values.length > 0 ? values : null;
  }
}
