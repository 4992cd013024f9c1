// Does a post offer one specific whole vehicle for sale? A sale is recognised by what it describes (issue 29): a
// vehicle, what it is like (its year, mileage or specs) and an offer (a sale word, a price, an exchange, 'цена по
// запросу'); a price alone is neither needed nor enough. Posts of the kinds that are not a sale are told by their words
// (buying, services, rentals, news and market reviews, questions, giveaways, a bare 'ПРОДАНО', parts, tyres and
// wheels).

export type NonSaleReason =
  | 'buying'
  | 'service'
  | 'rental'
  | 'news'
  | 'review'
  | 'question'
  | 'giveaway'
  | 'sold'
  | 'parts'
  | 'tyres'
  | 'no-vehicle'
  | 'no-offer'
  | 'no-description';

const r = (source: string) => new RegExp(source, 'iu');
const W = '(?<![\\p{L}])'; // a word starts here
const E = '(?![\\p{L}])'; // a word ends here

export const SALE_WORDS = r(
  `${W}(прода(м|ю|ется|ётся|ем|ются|ж[аи])|в продаже|for sale|срочно прода|отдам${E}|уступлю)`,
);

// An offer without a price: an exchange or a price to be asked for.
const EXCHANGE = r(`${W}(обмен\\p{L}*|меняю|меняем|поменяю|обменяю|рассмотрю обмен|мен[яе]ю на)${E}`);
const PRICE_ON_REQUEST = r(
  `${W}(цена|цену|стоимость|прайс)[^\\n]{0,25}(по запросу|договорн\\p{L}*|в л\\.?\\s?с|в личк\\p{L}*|в личных|по телефону|скажу|при осмотре|обсуждается|уточня\\p{L}*|пишите|звоните)|${W}(торг|торгуемся|звоните|пишите в лс|пишите в личку|в лс${E}|цена договорная|договорная)`,
);
// What the vehicle is like, besides its year and mileage.
const SPECS = r(
  `(${W}\\d[.,]\\d\\s?(л|l|литр)?${E}|\\d\\s?(л\\.?\\s?с|лс|hp|сил|куб\\p{L}*|cc|см3)|${W}(акпп|мкпп|автомат|механик\\p{L}*|вариатор|робот|дизель|бензин|гибрид|инжектор|карбюратор|привод|полный привод|4wd|awd|4x4|4х4|комплектаци\\p{L}*|кузов|цвет|птс|владел\\p{L}*|хозя\\p{L}*|состояни\\p{L}*|на ходу|не бит\\p{L}*|не крашен\\p{L}*|растаможен\\p{L}*|сигнализаци\\p{L}*|климат|кондиционер|седан|хэтчбек|хетчбек|универсал|внедорожник|минивэн|пикап|кубов\\p{L}*|моточас\\p{L}*|мотор${E}|двигател\\p{L}*|резина|пробег\\p{L}*|vin|вин${E})${E})`,
);

const STRONG: [NonSaleReason, RegExp][] = [
  ['sold', r(`^[\\s\\p{P}\\p{S}\\uFE0F]*(продано|продан|sold)${E}`)],
  [
    'buying',
    r(
      `${W}(куплю|покупаю|купим|скупаем|скупка|выкуп\\p{L}*|автовыкуп|ищу|ищем машину|ищем авто|возьму|в поиске|нужна машина|нужен автомобиль|нужен авто|рассмотрю варианты|рассмотрю предложения)${E}`,
    ),
  ],
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
  [
    'review',
    r(
      `${W}(обзор\\p{L}*|рын(ок|ке)|вторичк\\p{L}*|средн(яя|ей|юю) цен\\p{L}*|средний ценник|цены на|ценник\\p{L}* на|рейтинг\\p{L}*|топ-?\\d+|статистик\\p{L}*|эксперт\\p{L}*|по данным|аналитик\\p{L}*|исследовани\\p{L}*|сравнили|сравнение|тест-драйв\\p{L}*|дилеры|автостат|подорож\\p{L}*|подешев\\p{L}*)${E}`,
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

// A sale word whose object is a part, not the vehicle: 'Продам двигатель от Камри', 'Продаю б/у фары на Солярис'.
const PART_SALE = r(
  `${W}(прода(м|ю|ется|ётся|ются)|отдам|в наличии)[\\s:,-]+((б\\/у|бу|новы\\p{L}|оригинальн\\p{L}*|контрактн\\p{L}*|родн\\p{L}*|штатн\\p{L}*|комплект\\p{L}*|пар\\p{L}|два|две|четыре)\\s+){0,2}(двигател|мотор${E}|двс|кпп|акпп|мкпп|коробк|вариатор|турбин|генератор|стартер|радиатор|фар|фонар|бампер|капот|крыл|двер|зеркал|стекл|сидень|сиденья|салон${E}|магнитол|решетк|решётк|глушител|подвеск|амортизатор|рычаг|ступиц|суппорт|колодк|диск|колес|колёс|резин|шин|аккумулятор|запчаст|багажник|бокс|фаркоп|дуги|чехл|коврик|оптик|руль|панель|торпед|бак${E}|кардан|мост|раздатк|головк|гбц|блок|форсунк|топливн|датчик|жгут|проводк|шлем|экип|мотоботы|мотокуртк|куртк)`,
);

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
  const saleAt = SALE_WORDS.exec(text)?.index ?? Infinity;
  const saleWord = saleAt !== Infinity;
  const exchange = EXCHANGE.test(text);
  const onRequest = PRICE_ON_REQUEST.test(text);
  const described = evidence.hasYear || evidence.hasMileage || SPECS.test(text);
  const offered = saleWord || evidence.hasPrice || exchange || onRequest;
  const strongSale =
    evidence.hasVehicle && (evidence.hasYear || evidence.hasMileage) && (evidence.hasPrice || saleWord || exchange);
  for (const [reason, pattern] of STRONG) {
    const match = pattern.exec(text);
    if (!match) continue;
    // A service word deep inside a full sale post ('кредит и трейд-ин', 'возможна доставка') does not make it a service;
    // a sale word before 'куплю'/'ищу' is a swap note of a sale; a sale's 'на рынке' or 'обзор по ссылке' is no review.
    if (reason === 'service' && strongSale && match.index > 60) continue;
    if (reason === 'buying' && saleAt < match.index) continue;
    if (reason === 'review' && strongSale && (saleWord || exchange || onRequest)) continue;
    return reason;
  }
  if (PART_SALE.test(text)) return 'parts';
  if (evidence.rate) return 'rental';
  if (TYRE_SIZE.test(text) && TYRES.test(text) && !evidence.hasMileage) return 'tyres';
  if (!strongSale) {
    for (const [reason, pattern] of SOFT) if (pattern.test(text) && !evidence.hasYear) return reason;
  }
  if (!evidence.hasVehicle) return 'no-vehicle';
  if (!offered) return 'no-offer';
  // A price with a vehicle is an offer only when the post says what the vehicle is like or that it is for sale.
  if (!described && !saleWord) return 'no-description';
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
