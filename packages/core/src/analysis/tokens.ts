// Words of a post as the analysis sees them: letters and digits only, lower-cased, 'ё' as 'е' and Cyrillic letters
// that look like Latin ones folded to Latin (the search's fold), so 'Х5' and 'X5', 'Е200' and 'E200' are one word.
import { normalizeSearchText } from '../search-reference';
import { stemRu } from './stem';

export interface Token {
  /** Folded form used for every lookup. */
  key: string;
  /** The word as written. */
  raw: string;
  /** Folded Russian stem of a Cyrillic word ('Тойоту' → the fold of 'тойот'); the key for any other word. */
  stem: string;
  /** The same stem before the fold ('тойот'), for suffix rules. */
  base: string;
  /** Written in Cyrillic letters only. */
  cyrillic: boolean;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function foldWord(word: string): string {
  // 'э' and 'е' are one letter in the Russian spellings of foreign names ('Дрэг'/'Дрег', 'Кэмри'/'Кемри').
  return normalizeSearchText(word.replace(/э/g, 'е').replace(/Э/g, 'Е'));
}

/** What a word as written folds and stems to: the same for every post that writes it. */
type WordForms = Pick<Token, 'key' | 'stem' | 'base' | 'cyrillic'>;

/**
 * The forms of the words seen lately, by the word as written (issue 28: a source's first read analyses thousands of
 * posts with one vocabulary, and folding and stemming each word again was a tenth of the analysis). Bounded: emptied
 * when it grows past WORDS_KEPT, so a long-running process keeps at most that many.
 */
const wordForms = new Map<string, WordForms>();
const WORDS_KEPT = 50_000;

function formsOf(raw: string): WordForms {
  let forms = wordForms.get(raw);
  if (!forms) {
    const key = foldWord(raw);
    const lower = raw.toLowerCase();
    const cyrillic = /^[а-яё]+$/.test(lower);
    const base = cyrillic && lower.length >= 4 ? stemRu(lower) : lower;
    const stem = cyrillic && lower.length >= 4 ? foldWord(base) : key;
    forms = { key, stem, base, cyrillic };
    if (wordForms.size >= WORDS_KEPT) wordForms.clear();
    wordForms.set(raw, forms);
  }
  return forms;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const start = match.index;
    const { key, stem, base, cyrillic } = formsOf(raw);
    tokens.push({ key, raw, stem, base, cyrillic, start, end: start + raw.length });
  }
  return tokens;
}

/** The lookup key of a name: its folded words joined without separators ('Santa-Fe', 'Санта Фе' → one key). */
export function nameKey(name: string): string {
  return tokenize(name)
    .map((token) => token.key)
    .join('');
}

export function wordCount(name: string): number {
  return tokenize(name).length;
}

export const hasCyrillic = (text: string): boolean => /[а-яё]/i.test(text);
export const hasLatinLetter = (text: string): boolean => /[a-z]/i.test(text);
