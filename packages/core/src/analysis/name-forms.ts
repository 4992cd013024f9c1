// The forms in which channels write a brand or model name, produced from the reference data by rule (issue 29). Each
// catalogue name and synonym yields:
// - 'catalogue': itself (Latin or Cyrillic, as the reference data has it);
// - 'latin': a Cyrillic name in Latin letters, by the cyrillic-to-translit-js library ('Гранта' → 'Granta');
// - 'cyrillic': a Latin name in Russian letters: the ENGLISH_SOUNDS rules below rewrite the English spelling into the
//   Russian transliteration scheme ('Camry' → 'kamri', 'Yamaha' → 'yamakha'), the same library maps that back to
//   Cyrillic ('Камри', 'Ямаха'), and RUSSIAN_SPELLING fixes what a letter map cannot know ('Тоиота' → 'Тойота');
//   variants drop an English silent final 'e' ('Note' → 'Нот') and read a 'u' between consonants as 'а'
//   ('Duster' → 'Дастер');
// - 'initials': the first letters of a name of two or more words, in Latin and Cyrillic ('Land Cruiser' → 'LC', 'ЛК');
//   with the brand's initial before it too ('TLC', 'ТЛК'). Such short forms count only in capitals or before a number.
// Declined forms ('Тойоту', 'Крузака', 'Солярисе') are found by stem (stem.ts), diminutives ('Камрюха', 'Прадик',
// 'Фокусик') by a truncated stem (name-table.ts), misspellings by one edit within a named brand (name-table.ts).
import cyrillicToTranslit from 'cyrillic-to-translit-js';
import { foldWord } from './tokens';

export type FormRule = 'catalogue' | 'latin' | 'cyrillic' | 'initials';

export interface NameForm {
  text: string;
  rule: FormRule;
}

const translit = cyrillicToTranslit({ preset: 'ru' });

const CYRILLIC = /[а-яё]/i;
const LATIN = /[a-z]/i;

/** English spelling → the Russian transliteration scheme the library reverses (ordered; each line is one sound). */
const ENGLISH_SOUNDS: [RegExp, string][] = [
  [/sch/g, 'sh'],
  [/tch/g, 'ch'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/ck/g, 'k'],
  [/qu/g, 'kv'],
  [/x/g, 'ks'],
  // 'ow' at the end is 'оу' ('Shadow' → 'Шадоу'), inside a word 'ау' ('Crown' → 'Краун').
  [/ow$/g, 'оу'],
  [/ow/g, 'au'],
  [/w/g, 'v'],
  [/j/g, 'dzh'],
  [/ee/g, 'i'],
  [/oo/g, 'u'],
  [/ou/g, 'au'],
  [/ea/g, 'i'],
  [/ui/g, 'u'],
  [/ia$/g, 'ия'],
  [/tz/g, 'ц'],
  [/t(?=s.)/g, 'т'],
  [/c(?=[eiy])/g, 's'],
  [/c(?!h)/g, 'k'],
  [/q/g, 'k'],
  // 'h' alone (not in sh, ch, zh, kh) is х; silent at the end after a vowel ('Noah').
  [/(?<=[aeiou])h$/g, ''],
  [/(?<![sczk])h/g, 'kh'],
  // 'y': й after a vowel, a vowel between consonants or at the end, the iotation before a vowel.
  [/(?<=[aeiou])y/g, 'й'],
  [/y(?![aeiou])/g, 'i'],
];

/** Cyrillic spelling the letter map cannot know. */
const RUSSIAN_SPELLING: [RegExp, string][] = [
  [/ы/g, 'и'],
  // A vowel then 'и' before a consonant or at the end is one syllable: 'Хюндаи' → 'Хюндай', 'Тоиота' → 'Тойота'.
  [/(?<=[аеоу])и(?=[^аеёиоуыэюя]|$)/g, 'й'],
  [/(?<=[аеоу])и(?=[аеоу])/g, 'й'],
];

function isCodeWord(word: string): boolean {
  // Model codes and acronyms are read letter by letter or kept in Latin (CBR600RR, GSX, KTM, MT-07): not converted.
  return /\d/.test(word) || (word.length <= 4 && word === word.toUpperCase());
}

type Variant = 'plain' | 'silent-e' | 'u-as-a' | 'soft-l' | 's-as-z' | 'a-as-e';

// Each variant changes one English spelling habit; a word it does not apply to gives '' (no extra form).
const VARIANTS: Record<Exclude<Variant, 'plain'>, [RegExp, string]> = {
  // 'Note' → 'Нот', 'Megane' → 'Меган'.
  'silent-e': [/(?<=..[^aeiouй])e$/, ''],
  // 'Duster' → 'Дастер', 'Tucson' → 'Таксон'.
  'u-as-a': [/(?<=[^aeiouy])u(?=[^aeiouy])/g, 'a'],
  // 'Golf' → 'Гольф', 'Volvo' → 'Вольво'.
  'soft-l': [/l(?=[^aeiouyl]|$)/g, 'lь'],
  // 'Land' → 'Ленд', 'Outlander' → 'Аутлендер', 'Camry' → 'Кэмри' (an open English 'a' before n or m).
  'a-as-e': [/(?<=[^aeiouy])a(?=n[dtc]|m[^aeiouy])/g, 'e'],
  // 'Cruiser' → 'Крузер', 'Musa' → 'Муза'.
  's-as-z': [/(?<=[aeiou])s(?=[aeiou])/g, 'z'],
};

function cyrillicWord(word: string, variant: Variant): string {
  let latin = word.toLowerCase();
  // The silent 'e' and the open 'a' are read after the sounds ('Fluence' → 'fluens' → 'Флуенс', 'Camry' → 'kemri').
  const late = variant === 'silent-e' || variant === 'a-as-e';
  const apply = () => {
    if (variant === 'plain') return true;
    const [pattern, replacement] = VARIANTS[variant];
    if (!pattern.test(latin)) return false;
    latin = latin.replace(pattern, replacement);
    return true;
  };
  if (!late && !apply()) return '';
  for (const [pattern, replacement] of ENGLISH_SOUNDS) latin = latin.replace(pattern, replacement);
  if (late && !apply()) return '';
  let cyrillic = translit.reverse(latin).toLowerCase();
  for (const [pattern, replacement] of RUSSIAN_SPELLING) cyrillic = cyrillic.replace(pattern, replacement);
  return LATIN.test(cyrillic) ? '' : cyrillic;
}

// English words in model names whose Russian spelling is settled and not what the sound rules give.
const WORD_SPELLINGS: Record<string, string[]> = {
  ninja: ['ниндзя'],
  monster: ['монстр'],
  tiger: ['тайгер', 'тигр'],
  shadow: ['шэдоу', 'шедоу'],
  cruiser: ['крузер'],
  land: ['ленд', 'лэнд'],
  rover: ['ровер'],
  range: ['рейндж', 'ренж'],
  sport: ['спорт'],
  super: ['супер'],
  star: ['стар'],
  classic: ['классик'],
  adventure: ['адвенчер', 'эдвенчер'],
  touring: ['туринг'],
  africa: ['африка'],
  twin: ['твин'],
  street: ['стрит'],
  night: ['найт'],
  rider: ['райдер'],
  glide: ['глайд'],
  road: ['роуд'],
  king: ['кинг'],
  fat: ['фэт', 'фет'],
  boy: ['бой'],
  grand: ['гранд'],
  cross: ['кросс'],
  max: ['макс'],
  pro: ['про'],
  plus: ['плюс'],
  city: ['сити'],
  trail: ['трейл', 'трэйл'],
  ace: ['эйс', 'айс'],
  wing: ['винг'],
  gold: ['голд'],
  harley: ['харлей', 'харли'],
  davidson: ['дэвидсон', 'дэвидсон'],
  royal: ['роял'],
  drag: ['дрэг', 'драг'],
  new: ['нью'],
  one: ['уан'],
  iron: ['айрон'],
};

// Letters of a model code as Russian channels write them ('FX' → 'ФХ', 'CX-5' → 'СХ-5', 'ZX-6R' → 'ЗХ-6Р').
const CODE_LETTERS: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'с',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'дж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  x: 'х',
  y: 'у',
  z: 'з',
};

// The search's fold reads Cyrillic look-alikes as Latin letters ('с' as 'c', 'в' as 'b'): a Russian-letter form that
// folds into another Latin code ('S5' → 'С5' → 'C5', 'SW' → 'СВ' → 'CB') would name the wrong model, so it is not kept.
function foldsIntoOtherCode(latin: string, cyrillic: string): boolean {
  const folded = foldWord(cyrillic.replace(/[\s-]/g, ''));
  return !/[а-яё]/.test(folded) && folded !== foldWord(latin.replace(/[\s-]/g, ''));
}

// Letters of a code as their English names are said ('CB400' → 'сиби 400', 'MT-07' → 'эмти 07', 'X5' → 'икс 5').
const LETTER_NAMES: Record<string, string> = {
  a: 'эй',
  b: 'би',
  c: 'си',
  d: 'ди',
  e: 'и',
  f: 'эф',
  g: 'джи',
  h: 'эйч',
  i: 'ай',
  j: 'джей',
  k: 'кей',
  l: 'эл',
  m: 'эм',
  n: 'эн',
  o: 'оу',
  p: 'пи',
  q: 'кью',
  r: 'эр',
  s: 'эс',
  t: 'ти',
  u: 'ю',
  v: 'ви',
  w: 'дабл ю',
  x: 'икс',
  y: 'уай',
  z: 'зет',
};

/** A code of two or three letters and a number, its letters said by name ('CB400' → 'сиби 400'); null otherwise. */
function codeInLetterNames(name: string): string | null {
  const code = /^([a-z]{2,3})[\s-]?(\d{1,4})$/i.exec(name.trim());
  if (!code) return null;
  return `${[...code[1]!.toLowerCase()].map((char) => LETTER_NAMES[char]!).join('')} ${code[2]}`;
}

function codeInRussianLetters(word: string): string {
  return [...word.toLowerCase()].map((char) => CODE_LETTERS[char] ?? char).join('');
}

/** Russian spellings of a Latin name ('Camry' → ['камри'], 'Duster' → ['дустер', 'дастер']). */
export function cyrillicSpellings(name: string): string[] {
  if (CYRILLIC.test(name) || !LATIN.test(name)) return [];
  const words = name.split(/[\s-]+/).filter((word) => word !== '');
  if (!words.some((word) => LATIN.test(word))) return [];
  const out = new Set<string>();
  for (const variant of ['plain', 'silent-e', 'u-as-a', 'soft-l', 's-as-z', 'a-as-e'] as const) {
    const converted = words.map((word) => (isCodeWord(word) ? word.toLowerCase() : cyrillicWord(word, variant)));
    if (variant !== 'plain' && converted.every((word, i) => word === '' || isCodeWord(words[i]!))) continue;
    const spelled = converted.map((word, i) => (word === '' ? cyrillicWord(words[i]!, 'plain') : word));
    if (spelled.every((word) => word !== '')) out.add(spelled.join(' '));
  }
  // Settled spellings of English words, each with the plain spelling of the other words.
  const settled = words.map((word) => WORD_SPELLINGS[word.toLowerCase()]?.[0] ?? null);
  if (settled.some((word) => word !== null)) {
    for (let i = 0; i < words.length; i++) {
      for (const spelling of WORD_SPELLINGS[words[i]!.toLowerCase()] ?? []) {
        const spelled = words.map((word, j) =>
          j === i ? spelling : isCodeWord(word) ? word.toLowerCase() : (settled[j] ?? cyrillicWord(word, 'plain')),
        );
        if (spelled.every((word) => word !== '')) out.add(spelled.join(' '));
      }
    }
  }
  // Codes in Russian letters: 'FX' → 'фх', 'CX-5' → 'сх 5' (only names that are codes, where no sound applies).
  if (words.every((word) => isCodeWord(word) || /^\d/.test(word)) && words.some((word) => /[a-z]/i.test(word))) {
    const letters = words.map((word) => (/[a-z]/i.test(word) ? codeInRussianLetters(word) : word)).join(' ');
    if (!foldsIntoOtherCode(name, letters)) out.add(letters);
  }
  const said = codeInLetterNames(name);
  if (said) out.add(said);
  return [...out];
}

/** The Latin spelling of a Cyrillic name ('Гранта' → 'granta', 'Буханка' → 'bukhanka'). */
export function latinSpelling(name: string): string | null {
  if (!CYRILLIC.test(name)) return null;
  const latin = translit.transform(name.toLowerCase());
  return CYRILLIC.test(latin) ? null : latin;
}

// An initial as it is read in a Russian abbreviation: 'Land Cruiser' → 'ЛК' (a hard 'c'), otherwise as in a code.
const LATIN_TO_CYRILLIC_INITIAL: Record<string, string> = { ...CODE_LETTERS, c: 'к', y: 'и' };

/** 'Land Cruiser' → ['lc', 'лк']; with the brand 'Toyota' also ['tlc', 'тлк']. */
export function initials(name: string, brand: string | null): string[] {
  const words = name.split(/[\s-]+/).filter((word) => /^\p{L}/u.test(word));
  if (words.length < 2 || words.length !== name.split(/[\s-]+/).length) return [];
  const first = (word: string) => word[0]!.toLowerCase();
  const latin = words.every((word) => LATIN.test(word[0]!)) ? words.map(first).join('') : null;
  if (!latin) return [];
  const cyrillic = [...latin].map((letter) => LATIN_TO_CYRILLIC_INITIAL[letter] ?? '').join('');
  const pairs: [string, string][] = [[latin, cyrillic]];
  const brandInitial = brand && LATIN.test(brand[0] ?? '') ? brand[0]!.toLowerCase() : null;
  if (brandInitial) pairs.push([brandInitial + latin, (LATIN_TO_CYRILLIC_INITIAL[brandInitial] ?? '') + cyrillic]);
  return pairs
    .flatMap(([lat, cyr]) => (foldsIntoOtherCode(lat, cyr) ? [lat] : [lat, cyr]))
    .filter((form) => form.length >= 2 && form.length <= 4);
}

/** Every form of one catalogue name (or synonym), with the rule that produced it. */
export function nameForms(name: string): NameForm[] {
  const forms: NameForm[] = [{ text: name, rule: 'catalogue' }];
  const latin = latinSpelling(name);
  if (latin) forms.push({ text: latin, rule: 'latin' });
  for (const text of cyrillicSpellings(name)) forms.push({ text, rule: 'cyrillic' });
  return forms;
}
