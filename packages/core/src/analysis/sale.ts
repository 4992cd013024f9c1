// Does a post offer one specific whole vehicle for sale? Rules over the raw text: what a sale post looks like and the
// kinds of posts that are not one (buying, services, rentals, news, questions, giveaways, a bare 'ПРОДАНО', parts,
// tyres and wheels).

export type NonSaleReason =
  | 'buying'
  | 'service'
  | 'rental'
  | 'news'
  | 'question'
  | 'giveaway'
  | 'sold'
  | 'parts'
  | 'tyres'
  | 'no-vehicle'
  | 'no-price';

const r = (source: string) => new RegExp(source, 'iu');
const W = '(?<![\\p{L}])'; // a word starts here
const E = '(?![\\p{L}])'; // a word ends here

export const SALE_WORDS = r(`${W}(прода(м|ю|ется|ётся|ем|ются|ж[аи])|в продаже|for sale|срочно прода)`);

const STRONG: [NonSaleReason, RegExp][] = [
  ['sold', r(`^[\\s\\p{P}\\p{S}\\uFE0F]*(продано|продан|sold)${E}`)],
  ['buying', r(`${W}(куплю|покупаю|купим|скупаем|скупка|выкуп\\p{L}*|автовыкуп|ищу|ищем машину|ищем авто)${E}`)],
  ['rental', r(`${W}(аренд\\p{L}*|прокат\\p{L}*|сда(м|ю)|сдаётся|сдается)${E}`)],
  ['giveaway', r(`${W}(розыгрыш\\p{L}*|разыгрыва\\p{L}*|конкурс\\p{L}*|подпишись|подписывайся|репост)${E}`)],
  [
    'question',
    r(
      `${W}(подскажите|посоветуйте|стоит ли|кто знает|как думаете|что лучше|что надежнее|что надёжнее|вопрос к|вопрос знатокам|помогите выбрать)${E}`,
    ),
  ],
  [
    'news',
    r(
      `${W}(новост\\p{L}*|повысил\\p{L}* цены|подорожал\\p{L}*|подешевел\\p{L}*|представил\\p{L}*|стартуют|стартовали|модельного года|аналитик\\p{L}*|рост составил|дтп|пострадавш\\p{L}*|сравнение цен|подписчиков)${E}`,
    ),
  ],
  ['parts', r(`${W}(в разборе|на разбор|разбор|авторазбор|запчаст\\p{L}*|по отдельности|б\\/у запчаст\\p{L}*)${E}`)],
  [
    'service',
    r(
      `${W}(автоподбор|подбор\\p{L}*|под заказ|пригон\\p{L}*|пригоним|привез(ем|ём)|доставка авто|шиномонтаж|переобувк\\p{L}*|эвакуатор\\p{L}*|автокредит|займ\\p{L}*|автошкол\\p{L}*|инструктор\\p{L}*|обучение вождению|ремонт акпп|ремонт двигател\\p{L}*|диагностик\\p{L}* бесплатно|страхование|страхуем|осаго и каско|каско и осаго|с установкой|набираем|в нашем салоне|машин в наличии|авто в наличии)${E}`,
    ),
  ],
];

// Loans and insurance are soft: sale posts often offer 'кредит' or mention 'ОСАГО до …'.
const SOFT: [NonSaleReason, RegExp][] = [['service', r(`${W}(кредит\\p{L}*|осаго|каско|одобрени\\p{L}*)${E}`)]];

const TYRES = r(`(${W}r\\s?1\\d|${W}r\\s?2\\d|\\d{3}\\/\\d{2}|${W}(шины|резин\\p{L}*|диски|колес\\p{L}*)${E})`);
const TYRE_SIZE = r(`(${W}r\\s?1\\d|${W}r\\s?2\\d|\\d{3}\\/\\d{2}\\s?r?)`);

export interface SaleEvidence {
  hasVehicle: boolean;
  hasPrice: boolean;
  hasYear: boolean;
  hasMileage: boolean;
  rate: boolean;
}

export function nonSaleReason(text: string, evidence: SaleEvidence): NonSaleReason | null {
  const trimmed = text.trim();
  if (/^[\s\p{P}\p{S}\uFE0F]*(продано|sold)[\s\p{P}\p{S}\uFE0F]*$/iu.test(trimmed)) return 'sold';
  const saleWord = SALE_WORDS.test(text);
  const strongSale = evidence.hasVehicle && evidence.hasPrice && evidence.hasYear && (evidence.hasMileage || saleWord);
  for (const [reason, pattern] of STRONG) {
    const match = pattern.exec(text);
    if (!match) continue;
    // A service word deep inside a full sale post ('кредит и трейд-ин', 'возможна доставка') does not make it a service;
    // a sale word before 'куплю'/'ищу' is a swap note of a sale.
    if (reason === 'service' && strongSale && match.index > 60) continue;
    if (reason === 'buying' && saleWord && (SALE_WORDS.exec(text)?.index ?? Infinity) < match.index) continue;
    return reason;
  }
  if (evidence.rate) return 'rental';
  if (TYRE_SIZE.test(text) && TYRES.test(text) && !evidence.hasMileage) return 'tyres';
  if (!strongSale) {
    for (const [reason, pattern] of SOFT) if (pattern.test(text) && !evidence.hasYear) return reason;
  }
  if (!evidence.hasVehicle) return 'no-vehicle';
  if (!evidence.hasPrice) return 'no-price';
  return null;
}

/** The post only says the vehicle is sold ('ПРОДАНО', 'Продано ✅', 'продан, всем спасибо'): an edit to this unpublishes. */
export function isSoldNotice(text: string): boolean {
  return r(`^[\\s\\p{P}\\p{S}\\uFE0F]*(продано|продан|продана|sold)${E}`).test(text.trim());
}

/** Some line of the post starts with 'продано'/'продан' (an edit that marks the vehicle sold, at the top or below). */
export function mentionsSold(text: string): boolean {
  return text.split('\n').some((line) => isSoldNotice(line));
}
