// Numbers of a post and what they measure: money (price), distance (mileage) or a production year. Everything else
// (engine volume, horsepower, phone numbers, owner counts, codes, rates per day) is recognised so that it is not taken.
// The numbers and their units are read by the grammar in amounts.ts; here each is weighed by the words around it.
import { readAmounts, type NumberMatch, type Quantity } from './amounts';

export type Currency = 'RUB' | 'USD' | 'EUR' | 'BYN' | 'KZT' | 'JPY' | 'CNY';

// Plausible prices of a whole vehicle per currency (roubles: options.minRoubles upwards).
const PRICE_RANGE: Record<Exclude<Currency, 'RUB'>, [number, number]> = {
  USD: [300, 5_000_000],
  EUR: [300, 5_000_000],
  BYN: [1_000, 15_000_000],
  KZT: [100_000, 2_000_000_000],
  JPY: [50_000, 1_000_000_000],
  CNY: [2_000, 40_000_000],
};

export interface PriceValue {
  value: number;
  currency: Currency;
}

export interface Span {
  start: number;
  end: number;
}

// Telephone numbers, blanked (same length) before anything else is read: '+7 (916) 555-12-30', '8-913-000-11-22',
// '89177001122'.
const PHONE =
  /(?:\+\s?7|(?<![\p{N}])8)[\s\-(]*\d{3}[\s\-)]*\d{3}[\s-]*\d{2}[\s-]*\d{2}(?![\p{N}])|(?<![\p{N}])[78]\d{10}(?![\p{N}])/gu;

export function blankPhones(text: string): string {
  return text.replace(PHONE, (phone) => ' '.repeat(phone.length));
}

const NL = '(?![\\p{L}])'; // a word ends here (\b does not know Cyrillic)
const re = (source: string) => new RegExp(source, 'u');

const AFTER = {
  mileageWord: re(`^\\s?\\.?\\s?(пробег|пробега)${NL}`),
  modelYear: re(`^\\s?(модельн)`),
};

const BEFORE = {
  mileage: re(
    `(пробег\\p{L}*|probeg|mileage|🛣️?)\\s?(\\(км\\))?[\\s:–—\\-]{0,4}((около|всего|реальный|родной|небольшой)\\s?)?$`,
  ),
  price: re(`(цена|цену|стоимость|прошу|отдам за|продам за|💰|💵|💸|price)[^\\d\\n]{0,8}$`),
  spent: re(
    `(?<![\\p{L}])(вложен\\p{L}*|вложил\\p{L}*|потрачен\\p{L}*|ремонт\\p{L}*|сделан\\p{L}*|заменен\\p{L}*|стоимость выезда|скидк\\p{L}*|взнос\\p{L}*|от|до|бюджет)(?![\\p{L}])[^\\d\\n.!?]{0,10}$|доплат\\p{L}*[^\\d\\n.!?]{0,30}$`,
  ),
  interval: re(`(?<![\\p{L}])(каждые|каждых|через|то на|то в|на|до|после)\\s?$`),
  yearLabel: re(`(год|г\\.в\\.|год выпуска|выпуска|выпущен\\p{L}*\\s(в\\s)?)[^\\d\\n\\p{L}]{0,3}$`),
  madeIn: re(`выпущен\\p{L}*\\sв\\s?$`),
  yearNotProduction: re(
    `((?<![\\p{L}])(в|с|до|по|от|после|since)\\s?$|(?<![\\p{L}])(?:куплен\\p{L}*[^\\n.!?]{0,10}$|покупал\\p{L}*[^\\n.!?]{0,10}$|менял\\p{L}*[^\\n.!?]{0,20}$|ремонт\\p{L}*[^\\n.!?]{0,12}$|замен\\p{L}*[^\\n.!?]{0,12}$|гаранти\\p{L}*[^\\n.!?]{0,10}$|осаго[^\\n.!?]{0,10}$|страхов\\p{L}*[^\\n.!?]{0,10}$|резин\\p{L}*[^\\n.!?]{0,20}$|шин\\p{L}*[^\\n.!?]{0,20}$|michelin[^\\n.!?]{0,6}$|nokian[^\\n.!?]{0,6}$)|\\d{4}\\s?[-–—]\\s?$)`,
  ),
};

// A field of a template whose value is the year ('Год: 14', 'Год выпуска — 09'): two digits there are a year too.
const YEAR_FIELD = re(`(?<![\\p{L}])(год|год выпуска|г\\.в\\.)\\s?[:–—-]\\s?$`);

type Kind = 'money' | 'mileage' | 'ambiguous-thousand' | 'bare' | 'year' | 'other';

interface Classified {
  number: NumberMatch;
  quantity: Quantity;
  kind: Kind;
  /** Value in roubles/dollars/euros for money, kilometres for mileage, thousands for ambiguous ones. */
  amount: number;
  currency: Currency;
  priceContext: boolean;
  mileageContext: boolean;
  excludedMoney: boolean;
  excludedMileage: boolean;
}

function classify(quantity: Quantity): Classified {
  const { number, multiplier, currency, unit } = quantity;
  const { after, before, value } = number;
  const base = {
    number,
    quantity,
    amount: value,
    currency: 'RUB' as Currency,
    priceContext: BEFORE.price.test(before),
    mileageContext: BEFORE.mileage.test(before),
    excludedMoney: BEFORE.spent.test(before),
    excludedMileage: BEFORE.interval.test(before),
  };
  if (quantity.perTime || unit === 'other' || quantity.shadowed) return { ...base, kind: 'other' };
  if (quantity.mega) {
    // Millions beside a price word or as the post's last number ('…, 78 000, 1.05м. Вологда'); metres elsewhere.
    const last = !/\d/.test(after.slice(quantity.end - number.end));
    return base.priceContext || last
      ? { ...base, kind: 'money', amount: value * 1_000_000, currency: 'RUB' }
      : { ...base, kind: 'other' };
  }
  const scaled = value * (multiplier ?? 1);
  if (unit === 'km') return { ...base, kind: 'mileage', amount: scaled };
  if (unit === 'mile') return { ...base, kind: 'mileage', amount: Math.round(scaled * 1.609344) };
  if (currency !== null || multiplier === 1_000_000)
    return { ...base, kind: 'money', amount: scaled, currency: currency ?? 'RUB' };
  if (unit === 'year') return { ...base, kind: 'year' };
  if (multiplier === 1000) {
    if (AFTER.mileageWord.test(after.slice(quantity.end - number.end)))
      return { ...base, kind: 'mileage', amount: scaled };
    if (quantity.kilo) {
      if (base.mileageContext) return { ...base, kind: 'mileage', amount: scaled };
      return { ...base, kind: 'ambiguous-thousand', priceContext: true };
    }
    return { ...base, kind: 'ambiguous-thousand' };
  }
  return { ...base, kind: 'bare' };
}

export interface Quantities {
  price: PriceValue | null;
  mileageKm: number | null;
  year: number | null;
  /** A price per day, hour or month was written: a rental, not a sale. */
  rate: boolean;
}

export interface QuantityOptions {
  /** Spans of the vehicle's own name (Peugeot 2008, ВАЗ 2107): never a year, price or mileage. */
  exclude: readonly Span[];
  /** End of the vehicle name: a year right after it is the production year. */
  vehicleEnd: number | null;
  maxYear: number;
  /** Lowest plausible price in roubles. */
  minRoubles: number;
}

const inside = (number: NumberMatch, spans: readonly Span[]) =>
  spans.some((span) => number.start < span.end && number.end > span.start);

function pickYear(all: Classified[], options: QuantityOptions): number | null {
  let best: { year: number; score: number; start: number } | null = null;
  let fallback: number | null = null;
  for (const item of all) {
    const { number } = item;
    if (number.decimal || number.grouped) continue;
    let year: number | null = null;
    if (number.digits === 4 && number.value >= 1950 && number.value <= options.maxYear) year = number.value;
    else if (
      number.digits === 2 &&
      (item.kind === 'year' || (item.kind === 'bare' && YEAR_FIELD.test(number.before)))
    ) {
      year = number.value <= options.maxYear % 100 ? 2000 + number.value : 1900 + number.value;
      if (year < 1950) year = null;
    }
    if (year === null) continue;
    if (item.kind !== 'year' && item.kind !== 'bare') continue;
    let score = 0;
    if (item.kind === 'year') score += 3;
    if (BEFORE.yearLabel.test(number.before)) score += 3;
    if (options.vehicleEnd !== null && number.start >= options.vehicleEnd && number.start - options.vehicleEnd <= 12) {
      score += 2;
    }
    if (number.digits === 2) score -= 1;
    if (BEFORE.yearNotProduction.test(number.before) && !BEFORE.madeIn.test(number.before)) score -= 6;
    if (item.quantity.range) score -= 6;
    // '2019 модельного года' is the production year only when the post gives no other.
    if (AFTER.modelYear.test(number.after)) {
      fallback ??= year;
      continue;
    }
    if (score < 0) continue;
    if (!best || score > best.score) best = { year, score, start: number.start };
  }
  return best?.year ?? fallback;
}

export function readQuantities(rawText: string, options: QuantityOptions): Quantities {
  const text = blankPhones(rawText);
  const all = readAmounts(text)
    .filter((quantity) => !inside(quantity.number, options.exclude))
    .map(classify);
  const rate = all.some((item) => item.quantity.perTime);
  const year = pickYear(all, options);

  // Mileage: explicit units or the word 'пробег' before; service intervals ('каждые 10 000 км') are not mileage.
  const after = (start: number) => options.vehicleEnd === null || start >= options.vehicleEnd;
  let mileage: Classified | null = null;
  for (const item of all) {
    const explicit = item.kind === 'mileage';
    const byContext =
      item.mileageContext &&
      !item.number.decimal &&
      (item.kind === 'bare' || item.kind === 'ambiguous-thousand') &&
      !(
        item.kind === 'bare' &&
        item.number.digits === 4 &&
        item.number.value >= 1950 &&
        item.number.value <= options.maxYear
      );
    if (!explicit && !byContext) continue;
    if (item.excludedMileage && !item.mileageContext) continue;
    const km = item.kind === 'ambiguous-thousand' ? item.amount * 1000 : item.amount;
    if (km <= 0 || km > 2_000_000) continue;
    const candidate = { ...item, kind: 'mileage' as Kind, amount: km };
    // The first mileage after the vehicle's name ('МКАД 41 км:' before a dealer's list is no mileage); one said with
    // 'пробег' before one without.
    const rank = (c: Classified) => (c.mileageContext ? 2 : 0) + (after(c.number.start) ? 1 : 0);
    if (!mileage || rank(candidate) > rank(mileage)) mileage = candidate;
  }

  const plausible = (amount: number, currency: Currency) =>
    currency === 'RUB'
      ? amount >= options.minRoubles && amount <= 500_000_000
      : amount >= PRICE_RANGE[currency][0] && amount <= PRICE_RANGE[currency][1];

  // The best-scored price; at the same score the first one after the vehicle's name (a dealer's list gives each
  // vehicle its own price, the first vehicle is the post's; a price range's lower end is its price).
  let price: { amount: number; currency: Currency; score: number; start: number } | null = null;
  const offer = (amount: number, currency: Currency, score: number, start: number) => {
    if (!plausible(amount, currency)) return;
    const better =
      !price ||
      score > price.score ||
      (score === price.score && after(start) && (!after(price.start) || start < price.start));
    if (better) price = { amount, currency, score, start };
  };
  const ambiguous: Classified[] = [];
  for (const item of all) {
    if (item === mileage || (mileage && item.number === mileage.number)) continue;
    if (item.excludedMoney && !item.priceContext) continue;
    const context = item.priceContext ? 3 : 0;
    if (item.kind === 'money') offer(item.amount, item.currency, 2 + context, item.number.start);
    else if (item.kind === 'ambiguous-thousand') ambiguous.push(item);
    else if (item.kind === 'bare' && !item.number.decimal) {
      const yearLike = item.number.digits === 4 && item.number.value >= 1950 && item.number.value <= options.maxYear;
      if (item.number.value >= 10_000 && !yearLike && !item.mileageContext)
        offer(item.number.value, 'RUB', 1 + context, item.number.start);
      else if (item.priceContext && !yearLike && item.number.value >= 10 && item.number.value < 100_000) {
        // 'Цена 1450' / 'цена 560' in thousands.
        const amount = item.number.value < 10_000 ? item.number.value * 1000 : item.number.value;
        offer(amount, 'RUB', 1 + context, item.number.start);
      }
    }
  }
  // 'тыс' without a unit: with two of them the first is the mileage and the last the price; one of them is the
  // price when the mileage is known (or it has the price's context), else the mileage.
  if (ambiguous.length > 0) {
    const priced = ambiguous.filter((item) => item.priceContext);
    // With a price word or sign before it ('💰 1870к', 'Цена 650 тыс') it ranks with money said the same way, so that
    // the first of a list's prices stays the first vehicle's ('💰 1870к … 💰 2.85 млн').
    for (const item of priced) {
      offer(item.amount * 1000, 'RUB', BEFORE.price.test(item.number.before) ? 5 : 4, item.number.start);
    }
    const rest = ambiguous.filter((item) => !item.priceContext);
    const firstRest = rest[0];
    const lastRest = rest[rest.length - 1];
    if (firstRest && lastRest) {
      if (!mileage && rest.length >= 2) {
        mileage = { ...firstRest, kind: 'mileage', amount: firstRest.amount * 1000 };
        // A list's lines ('187 тыс. — 1 650 000; … 166 тыс. — 990 000'): a price between the two is the first line's,
        // and the last 'тыс' is the next vehicle's mileage.
        const known = price as { start: number } | null;
        const between = known !== null && known.start > firstRest.number.start && known.start < lastRest.number.start;
        if (!between) offer(lastRest.amount * 1000, 'RUB', 2, lastRest.number.start);
      } else if (!mileage && !price && firstRest === all[all.length - 1]) {
        offer(firstRest.amount * 1000, 'RUB', 2, firstRest.number.start);
      } else if (!mileage) {
        mileage = { ...firstRest, kind: 'mileage', amount: firstRest.amount * 1000 };
      } else {
        // The mileage is known: the first 'тыс' after it is the price (a list's first line, '95 тыс. км — 520 тыс.').
        const known = mileage;
        const next = rest.find((item) => item.number.start > known.number.start) ?? lastRest;
        offer(next.amount * 1000, 'RUB', 2, next.number.start);
      }
    }
  }
  // A terse post ends with the price in thousands and no unit: 'гранта 19 года 70 тыс 560' (after other numbers, not
  // after a word: 'Меняю на Камри 70' names a model).
  const lastItem = all[all.length - 1];
  const previousItem = all[all.length - 2];
  if (
    !price &&
    mileage &&
    lastItem &&
    previousItem &&
    !/\p{L}{2}/u.test(text.slice(previousItem.quantity.end, lastItem.number.start)) &&
    lastItem.kind === 'bare' &&
    !lastItem.number.decimal &&
    lastItem.number.start > mileage.number.start &&
    lastItem.number.value >= 30 &&
    lastItem.number.value < 10_000 &&
    !(lastItem.number.value >= 1950 && lastItem.number.value <= options.maxYear)
  ) {
    offer(lastItem.number.value * 1000, 'RUB', 1, lastItem.number.start);
  }
  const chosen = price as { amount: number; currency: Currency } | null;
  return {
    price: chosen ? { value: Math.round(chosen.amount), currency: chosen.currency } : null,
    mileageKm: mileage ? Math.round(mileage.amount) : null,
    year,
    rate,
  };
}
