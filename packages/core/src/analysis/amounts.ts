// The numbers of a post as quantities, by a small grammar over lexemes (issue 29) instead of one pattern per style:
//
//   quantity   := [currency] number [multiplier] [currency | distance | year-word | other-unit] [per-time]
//   range      := quantity dash quantity          (the second's multiplier and unit also apply to the first)
//   pair       := distance ['(' | '/' | '~' | '≈' | '='] distance   (miles beside kilometres: the kilometres count)
//
//   multiplier := к | k | т | т. | тыс | тысяч… | тыщ… | млн | миллион… | мил | лям…
//   currency   := ₽ | руб… | р | р. | rub | rur | $ | usd | долл… | бакс… | у.е. | € | eur | евро
//   distance   := км | km | километр… | миль | мили | mile… | mi   (a multiplier may be glued: '98т.км', '60k miles')
//   year-word  := г | г. | гг | г.в. | г/в | гв | год | года | году
//
// so '12к$', '$12к', '12 000 $', '1,2 млн ₽', '850 т.р.', '1.2-1.3 млн', '62 000 миль (100 000 км)' and
// '2015 г.в.' are each one quantity, whatever spacing and order the post uses.
import type { Currency } from './quantities';

export interface NumberMatch {
  value: number;
  /** The digits were written with thousands groups ('1 250 000'). */
  grouped: boolean;
  decimal: boolean;
  digits: number;
  start: number;
  end: number;
  /** Lower-cased text before and after, for the words around the number (context, not units). */
  before: string;
  after: string;
}

export type Unit = 'km' | 'mile' | 'year' | 'other' | null;

export interface Quantity {
  number: NumberMatch;
  /** 1000 for 'к', 'т', 'тыс'; 1 000 000 for 'млн'; null when no multiplier was written. */
  multiplier: number | null;
  /** The multiplier was 'к'/'k' (channels write prices so: '450к'). */
  kilo: boolean;
  /** A decimal with 'М' glued ('2.05М'): millions beside a price word, metres elsewhere. */
  mega: boolean;
  currency: Currency | null;
  unit: Unit;
  /** A price per day, hour, month or shift ('2 200 руб/сутки'): a rental. */
  perTime: boolean;
  /** Part of a range ('1.2-1.3 млн', '2015-2017'). */
  range: boolean;
  /** A mileage in miles with the kilometres beside it: not the mileage to take. */
  shadowed: boolean;
  /** End of the last lexeme of the quantity. */
  end: number;
}

// (A four-digit group before '000' is one number too, '1270 000', unless it is a year.)
const NUMBER =
  /(?<![\p{L}\p{N}.,])(\d{1,3}(?:\.\d{3}){2,}|\d{1,3}(?:['’]\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![.,]\d)|(?!19[5-9]\d|20[0-3]\d)[1-9]\d{3}[ \u00a0\u202f]000(?![.,]\d)|\d+(?:[.,]\d+)?)(?![\p{N}])/uy;

type LexemeKind = 'number' | 'word' | 'symbol';

interface Lexeme {
  kind: LexemeKind;
  text: string;
  start: number;
  end: number;
  number?: NumberMatch;
}

const WORD = /\p{L}+/uy;
const MONTH_YEAR = /(?<![\p{L}\p{N}.,])(0?[1-9]|1[0-2])[./]((?:19[5-9]|20[0-4])\d)(?![\p{N}])/uy;

// Numbers in words, read only before a multiplier ('триста пятьдесят тысяч', 'полтора ляма') or, as ordinals, before
// a year word ('машина девятнадцатого года').
const CARDINALS: Record<string, number> = {
  один: 1,
  одна: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
  шестьсот: 600,
  семьсот: 700,
  восемьсот: 800,
  девятьсот: 900,
  полтора: 1.5,
  полторы: 1.5,
  пол: 0.5,
};
const ORDINALS: Record<string, number> = {
  первого: 1,
  второго: 2,
  третьего: 3,
  четвертого: 4,
  четвёртого: 4,
  пятого: 5,
  шестого: 6,
  седьмого: 7,
  восьмого: 8,
  девятого: 9,
  десятого: 10,
  одиннадцатого: 11,
  двенадцатого: 12,
  тринадцатого: 13,
  четырнадцатого: 14,
  пятнадцатого: 15,
  шестнадцатого: 16,
  семнадцатого: 17,
  восемнадцатого: 18,
  девятнадцатого: 19,
  двадцатого: 20,
  тридцатого: 30,
  сорокового: 40,
  пятидесятого: 50,
  шестидесятого: 60,
  семидесятого: 70,
  восьмидесятого: 80,
  девяностого: 90,
};
// The same ordinals in the nominative ('восемнадцатый год') and the prepositional ('в двадцатом году').
for (const [genitive, value] of Object.entries({ ...ORDINALS })) {
  const stem = genitive.replace(/(ого|его)$/u, '');
  for (const ending of ['ый', 'ой', 'ий', 'ом', 'ем']) ORDINALS[stem + ending] ??= value;
}
const NUMBER_WORD_START = /^[а-яё]+/iu;
const YEAR_AFTER_WORDS = /^\s?(года|году|год|г\.?)(?!\p{L})/u;
const THOUSAND_WORDS = new Set(['тысяча', 'тысячи']);
const YEAR_BEFORE_WORDS = /(?<!\p{L})год(а)?(\s+выпуска)?\s*[—–:-]?\s*$/iu;
const MULTIPLIER_AFTER_WORDS = /^\s?(тысяч\p{L}*|тыс|тыщ\p{L}*|млн|миллион\p{L}*|лям\p{L}*)(?!\p{L})/u;

/** A run of number words at `at` ('триста пятьдесят', 'двадцать первого'): its value and end, or null. */
function numberWords(text: string, at: number): { value: number; end: number; ordinal: boolean } | null {
  const run = /(\p{L}+)(\s+|(?=[^\p{L}])|$)/uy;
  let value = 0;
  let end = at;
  let position = at;
  let ordinal = false;
  // 'две тысячи шестнадцатого', 'тысяча девятьсот девяносто шестой': a year in words, read through its thousand only
  // when an ordinal ends it (else 'две тысячи' is an amount: the run stops before the multiplier).
  let beforeThousand: { value: number; end: number } | null = null;
  for (let count = 0; count < 7; count++) {
    run.lastIndex = position;
    const match = run.exec(text);
    const word = match?.[1]?.toLowerCase();
    if (!match || !word) break;
    if (beforeThousand === null && THOUSAND_WORDS.has(word) && (value > 0 || word === 'тысяча')) {
      beforeThousand = { value, end };
      value = (value || 1) * 1000;
      position += match[0].length;
      continue;
    }
    if (count >= 4 && beforeThousand === null) break;
    const cardinal = CARDINALS[word];
    const order = ORDINALS[word];
    if (cardinal === undefined && order === undefined) break;
    value += cardinal ?? order ?? 0;
    end = position + word.length;
    position += match[0].length;
    if (order !== undefined) {
      ordinal = true;
      break;
    }
  }
  if (beforeThousand !== null && !ordinal) {
    value = beforeThousand.value;
    end = beforeThousand.end;
  }
  if (end === at) return null;
  const rest = text.slice(end);
  // An ordinal is a year before 'года' or after 'год выпуска —' ('год выпуска — две тысячи тринадцатый').
  const yearOrdinal = YEAR_AFTER_WORDS.test(rest) || YEAR_BEFORE_WORDS.test(text.slice(Math.max(0, at - 30), at));
  if (ordinal ? !yearOrdinal : !MULTIPLIER_AFTER_WORDS.test(rest)) return null;
  return { value, end, ordinal };
}
const SPACE = /[\s\u00a0\u202f]+/uy;

function readNumber(text: string, raw: string, start: number): NumberMatch | null {
  const end = start + raw.length;
  const grouped = /[ \u00a0\u202f'’]/.test(raw) || /^\d{1,3}(\.\d{3}){2,}$/.test(raw);
  const decimal = !grouped && /[.,]/.test(raw);
  const value = grouped ? Number(raw.replace(/[^\d]/g, '')) : Number(raw.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return {
    value,
    grouped,
    decimal,
    digits: raw.replace(/[^\d]/g, '').length,
    start,
    end,
    before: text.slice(Math.max(0, start - 40), start).toLowerCase(),
    after: text.slice(end, end + 30).toLowerCase(),
  };
}

export function lex(text: string): Lexeme[] {
  const lexemes: Lexeme[] = [];
  let at = 0;
  const sticky = (pattern: RegExp) => {
    pattern.lastIndex = at;
    return pattern.exec(text);
  };
  while (at < text.length) {
    const space = sticky(SPACE);
    if (space) {
      at += space[0].length;
      continue;
    }
    // A month and year ('03.2014', '11/2019'): the year is the number.
    const date = sticky(MONTH_YEAR);
    if (date?.[1] && date[2]) {
      const yearAt = at + date[1].length + 1;
      const match = readNumber(text, date[2], yearAt);
      if (match) lexemes.push({ kind: 'number', text: date[2], start: yearAt, end: match.end, number: match });
      at += date[0].length;
      continue;
    }
    const number = sticky(NUMBER);
    if (number?.[1]) {
      const match = readNumber(text, number[1], at);
      if (match) lexemes.push({ kind: 'number', text: number[1], start: at, end: match.end, number: match });
      at += number[1].length;
      continue;
    }
    const head = NUMBER_WORD_START.exec(text.slice(at, at + 16))?.[0]?.toLowerCase();
    const spelled =
      head && (head in CARDINALS || head in ORDINALS || THOUSAND_WORDS.has(head)) && !/\p{L}/u.test(text[at - 1] ?? '')
        ? numberWords(text, at)
        : null;
    if (spelled) {
      const raw = text.slice(at, spelled.end);
      const match = readNumber(text, String(spelled.value), at);
      if (match) {
        const digits = spelled.ordinal && spelled.value < 100 ? 2 : String(Math.round(spelled.value)).length;
        const number = {
          ...match,
          end: spelled.end,
          digits,
          after: text.slice(spelled.end, spelled.end + 30).toLowerCase(),
        };
        lexemes.push({ kind: 'number', text: raw, start: at, end: spelled.end, number });
      }
      at = spelled.end;
      continue;
    }
    const word = sticky(WORD);
    if (word) {
      lexemes.push({ kind: 'word', text: word[0].toLowerCase(), start: at, end: at + word[0].length });
      at += word[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(at)!);
    lexemes.push({ kind: 'symbol', text: char, start: at, end: at + char.length });
    at += char.length;
  }
  return lexemes;
}

const MULTIPLIERS: [RegExp, number][] = [
  [/^(к|k|т|тыс|тысяч\p{L}*|тыщ\p{L}*|тр|тыр|тысруб)$/u, 1000],
  [/^(млн|миллион\p{L}*|мил|млна|лям\p{L}*|kk|кк)$/u, 1_000_000],
];
const CURRENCY_WORDS: [RegExp, Currency][] = [
  [/^(руб\p{L}*|р|rub|rur|рэ)$/u, 'RUB'],
  [/^(usd|долл\p{L}*|бакс\p{L}*|дол)$/u, 'USD'],
  [/^(eur|евро|эвро)$/u, 'EUR'],
  [/^(byn|byr|белрубл\p{L}*)$/u, 'BYN'],
  [/^(kzt|тенге|тг|тнг)$/u, 'KZT'],
  [/^(jpy|иен\p{L}*|йен\p{L}*|yen)$/u, 'JPY'],
  [/^(cny|rmb|юан\p{L}*)$/u, 'CNY'],
];
const CURRENCY_SIGNS: Record<string, Currency> = { '₽': 'RUB', $: 'USD', '€': 'EUR', '₸': 'KZT', '¥': 'JPY' };
const DISTANCES: [RegExp, 'km' | 'mile'][] = [
  [/^(км|km|килом\p{L}*|кило|kms)$/u, 'km'],
  [/^(миль|мили|милях|mile\p{L}*|mi|miles)$/u, 'mile'],
];
const YEAR_WORD = /^(г|гг|гв|год|года|году|годов|годa)$/u;
const OTHER_UNIT =
  /^(л|лс|литр\p{L}*|сил\p{L}*|hp|лош\p{L}*|куб\p{L}*|кубов\p{L}*|cc|см|владел\p{L}*|хозя\p{L}*|собствен\p{L}*|мест\p{L}*|дв|шт|кл|клап\p{L}*|ступ\p{L}*|дюйм\p{L}*|мин|раз|раза|дней|дня|мес|месяц\p{L}*|лет|сезон\p{L}*|кг|тонн\p{L}*|т\p{L}?н|бар|атм|моточас\p{L}*|мч|м|мм|х|x|ч|час\p{L}*|v|в|a|ач|втч|kw|квт|nm|нм|об)$/u;
const PER_TIME = /^(сут\p{L}*|час\p{L}*|день|дн\p{L}*|мес\p{L}*|смен\p{L}*|ночь|неделю|нед)$/u;

const find = <T>(table: [RegExp, T][], word: string): T | null => {
  for (const [pattern, value] of table) if (pattern.test(word)) return value;
  return null;
};

/** Reads the quantities of a text (phones already blanked). */
export function readAmounts(text: string): Quantity[] {
  const lexemes = lex(text);
  const quantities: Quantity[] = [];
  let consumed = 0;
  for (let i = 0; i < lexemes.length; i++) {
    const lexeme = lexemes[i]!;
    if (lexeme.kind !== 'number' || !lexeme.number || lexeme.start < consumed) continue;
    const quantity: Quantity = {
      number: lexeme.number,
      multiplier: null,
      kilo: false,
      mega: false,
      currency: null,
      unit: null,
      perTime: false,
      range: false,
      shadowed: false,
      end: lexeme.end,
    };
    // A currency sign right before the number ('$12 000', '€ 9 500', '₽1 200 000'); an apostrophe before two digits
    // is a year ("'14").
    const previous = lexemes[i - 1];
    if (previous?.kind === 'symbol' && /^['’‘`]$/.test(previous.text) && lexeme.number.digits === 2) {
      quantity.unit = 'year';
    }
    if (previous?.kind === 'symbol' && CURRENCY_SIGNS[previous.text] && lexeme.start - previous.end <= 1) {
      quantity.currency = CURRENCY_SIGNS[previous.text]!;
    }
    let j = i + 1;
    const at = (k: number) => lexemes[k];
    const near = (k: number) => {
      const next = at(k);
      const prior = at(k - 1);
      return (
        next !== undefined &&
        prior !== undefined &&
        next.start - prior.end <= 2 &&
        !/\n/.test(text.slice(prior.end, next.start))
      );
    };
    const skipDot = () => {
      if (at(j)?.text === '.' && near(j)) j++;
    };
    // A word glued to the number may hold several parts: '890к', '134т', '12k', '1.2млн', '98ткм'.
    let word = at(j)?.kind === 'word' && near(j) ? at(j)!.text : null;
    const multiplier = word ? find(MULTIPLIERS, word) : null;
    const gluedTr = word !== null && /^(т|тыс)(р|руб)$/u.test(word);
    if (multiplier !== null || gluedTr) {
      quantity.multiplier = gluedTr ? 1000 : multiplier;
      quantity.kilo = word === 'к' || word === 'k';
      if (word === 'тр' || word === 'тыр' || word === 'тысруб' || gluedTr) quantity.currency = 'RUB';
      quantity.end = at(j)!.end;
      j++;
      skipDot();
      // '1млн650', '2 млн 300': the thousands written after the millions.
      const thousands =
        quantity.multiplier === 1_000_000
          ? // '1 млн 60 тыс', '1млн 10т': fewer than three digits only with the thousands' word after them.
            /^\s?(\d{3})(?!\d|[.,]\d)|^\s?(\d{1,2})(?=\s?(т|тыс\p{L}*|к|k)(?![\p{L}\d]))/u.exec(
              text.slice(quantity.end),
            )
          : null;
      const thousandsDigits = thousands?.[1] ?? thousands?.[2];
      if (thousands && thousandsDigits && Number.isInteger(lexeme.number.value)) {
        const end = quantity.end + thousands[0].length;
        quantity.number = { ...lexeme.number, value: lexeme.number.value + Number(thousandsDigits) / 1000, end };
        quantity.end = end;
        while (at(j) && at(j)!.start < end) j++;
      }
      word = at(j)?.kind === 'word' && near(j) ? at(j)!.text : null;
    }
    // '950.000' with no multiplier after it is 950 thousand written with a dot, not a decimal.
    if (quantity.multiplier === null && /^\d{1,3}\.\d{3}$/.test(lexeme.text)) {
      const value = Number(lexeme.text.replace('.', ''));
      quantity.number = { ...quantity.number, value, grouped: true, decimal: false, digits: lexeme.text.length - 1 };
    }
    // An ordinal ending ('2016-го года', '19-й год', '2015-м'): the year word may follow it.
    if (quantity.multiplier === null && at(j)?.text === '-' && near(j)) {
      const ending = at(j + 1);
      if (ending?.kind === 'word' && /^(го|й|м|ый|ой|ом|ого)$/u.test(ending.text) && ending.start === at(j)!.end) {
        j += 2;
        word = at(j)?.kind === 'word' && near(j) ? at(j)!.text : null;
      }
    }
    // The unit: a currency, a distance, a year word, anything else measured.
    const sign = at(j)?.kind === 'symbol' && near(j) ? CURRENCY_SIGNS[at(j)!.text] : undefined;
    if (sign) {
      quantity.currency = sign;
      quantity.end = at(j)!.end;
      j++;
    } else if (word !== null) {
      const currency = find(CURRENCY_WORDS, word);
      const distance = find(DISTANCES, word);
      // A year is four digits at most, never grouped: '1 590 000 г.Курган' is a price before 'г.' (город).
      const yearWord =
        YEAR_WORD.test(word) &&
        quantity.multiplier === null &&
        !lexeme.number.grouped &&
        !lexeme.number.decimal &&
        lexeme.number.digits <= 4;
      const belarusian =
        /^бел(орусск\p{L}*)?$/u.test(word) &&
        [at(j + 1), at(j + 2)].some((next) => next?.kind === 'word' && /^(руб\p{L}*|р)$/u.test(next.text));
      if (belarusian) {
        quantity.currency = 'BYN';
        const rouble = at(j + 1)?.kind === 'word' ? j + 1 : j + 2;
        quantity.end = at(rouble)!.end;
        j = rouble + 1;
        skipDot();
      } else if (currency && !(word === 'р' && at(j + 1)?.text === '/')) {
        quantity.currency = currency;
        quantity.end = at(j)!.end;
        j++;
        skipDot();
      } else if (word === 'у' && at(j + 1)?.text === '.' && at(j + 2)?.text === 'е') {
        quantity.currency = 'USD';
        quantity.end = at(j + 2)!.end;
        j += 3;
      } else if (distance) {
        quantity.unit = distance;
        quantity.end = at(j)!.end;
        j++;
      } else if (yearWord) {
        quantity.unit = 'year';
        quantity.end = at(j)!.end;
        j++;
      } else if (
        (word === 'м' || word === 'm') &&
        lexeme.number.decimal &&
        (at(j)!.start === lexeme.end || /[МM]/u.test(text[at(j)!.start] ?? ''))
      ) {
        quantity.mega = true;
        quantity.end = at(j)!.end;
        j++;
      } else if (OTHER_UNIT.test(word) && quantity.multiplier === null) {
        quantity.unit = 'other';
        j++;
      } else if (/^(т|t|тыс)(км|km)$/u.test(word) || (quantity.multiplier !== null && /^(т|тыс)?км$/u.test(word))) {
        if (quantity.multiplier === null && /^(т|t|тыс)/u.test(word)) quantity.multiplier = 1000;
        quantity.unit = 'km';
        j++;
      }
    } else if (at(j)?.text === '%' && near(j)) quantity.unit = 'other';
    // A price per time: '/сутки', 'в час', 'за смену'.
    const slash = at(j);
    const then = at(j + 1);
    if (slash && then && near(j) && (slash.text === '/' || slash.text === 'в' || slash.text === 'за')) {
      if (then.kind === 'word' && PER_TIME.test(then.text)) quantity.perTime = true;
    }
    quantities.push(quantity);
    consumed = quantity.end;
  }
  linkRanges(text, quantities);
  shadowMiles(text, quantities);
  return quantities;
}

// '1.2-1.3 млн', '800–850 тыс': the second's multiplier, currency and unit are the first's too.
function linkRanges(text: string, quantities: Quantity[]) {
  for (let i = 0; i + 1 < quantities.length; i++) {
    const first = quantities[i]!;
    const second = quantities[i + 1]!;
    const between = text.slice(first.end, second.number.start);
    if (!/^\s?[-–—]\s?$/.test(between)) continue;
    // Only numbers of one scale make a range ('2015 - 1.2 млн' is a year then a price).
    const a = first.number.value;
    const b = second.number.value;
    if (a > b || a < b * 0.3) continue;
    first.range = true;
    second.range = true;
    if (first.multiplier === null && first.currency === null && first.unit === null) {
      first.multiplier = second.multiplier;
      first.currency = second.currency;
      first.unit = second.unit;
    }
  }
}

// '62 000 миль (100 000 км)', '100 тыс км / 62 тыс миль': the kilometres are the mileage.
function shadowMiles(text: string, quantities: Quantity[]) {
  for (let i = 0; i + 1 < quantities.length; i++) {
    const first = quantities[i]!;
    const second = quantities[i + 1]!;
    const units = [first.unit, second.unit];
    if (!units.includes('mile') || !units.includes('km')) continue;
    const between = text.slice(first.end, second.number.start);
    if (
      !/^[\s(/~≈=,–—-]{0,6}((около|примерно|это|или|т\.?\s?е\.?|то есть|≈|~)\s?){0,3}[\s(/~≈=]{0,3}$/u.test(between)
    ) {
      continue;
    }
    (first.unit === 'mile' ? first : second).shadowed = true;
  }
}
