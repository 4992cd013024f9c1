// Russian stems (the Snowball algorithm of @nlpjs/lang-ru's StemmerRu: pure JS, about 0.2 µs a word), so that a name
// is found in any case: 'Тойоту', 'Тойоты' → 'тойот'; 'Крузака' → 'крузак'; 'Солярисе' → 'солярис'.
// The package ships no types; nlpjs.d.ts declares the one class used, for every package that type-checks this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an untyped module needs an ambient declaration
/// <reference path="./nlpjs.d.ts" />
import StemmerRu from '@nlpjs/lang-ru/src/stemmer-ru';

const stemmer = new StemmerRu();
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** The stem of a lower-case Cyrillic word ('ё' read as 'е'); other words are returned as they are. */
export function stemRu(word: string): string {
  if (!/^[а-яё]+$/.test(word)) return word;
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  const stem: string = stemmer.stemWord(word.replace(/ё/g, 'е'));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}
