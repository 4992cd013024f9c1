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
  | 'no-description'
  | 'goods'
  // The learned second opinion (sale-model.ts) overturned the rules' sale.
  | 'model';

const r = (source: string) => new RegExp(source, 'iu');
const W = '(?<![\\p{L}])'; // a word starts here
const E = '(?![\\p{L}])'; // a word ends here
const L = '\\p{L}*'; // the rest of a word
/** Any of the words or phrases, as whole words ('…' in a list is written as L). */
const words = (list: readonly string[]) => r(`${W}(${list.join('|')})${E}`);

export const SALE_WORDS = words([
  'прода(м|ю|ется|ётся|ем|ём|ются|ж[аи])',
  'в продаже',
  'for sale',
  'отдам',
  'уступлю',
  'хочу продать',
  'на продажу',
  'выставляю',
]);

// An offer without a price: an exchange or a price to be asked for.
const EXCHANGE = words([`обмен${L}`, 'меняю', 'меняем', 'поменяю', 'обменяю', `мен[яе]ю${L}`]);
const PRICE_ON_REQUEST = r(
  `${W}(цена|цены|цену|ценой|цене|стоимость|прайс)[^\\n]{0,25}(по запросу|договорим${L}|обсужда${L}|договорн${L}|по договор${L}|в л\\.?\\s?с|в личк${L}|в личн${L}|по телефону|скажу|при осмотре|обсуждается|уточня${L}|пишите|звоните|в директ)|${W}(торг${E}|торгуемся|звоните|пишите в лс|пишите в личку|в лс${E}|договорная|обсудим|обращайтесь|пиши в лс|пишите в (ватсап|вотсап|whatsapp|телеграм|telegram|тг)|подробност${L} (в лс|в личк${L}|по телефону|по тел)|вся (инфа|информация) в (лс|личк${L})|цену не (называю|пишу))`,
);
// A link to the seller's ad elsewhere ('на Авито'): an offer, which a firm review word ('Обзор цен') outweighs.
const ELSEWHERE = r(`${W}на (авито|avito)${E}`);
// A price word in a sentence with no number in it is a price to be asked for ('Цена — при встрече', 'Стоимость — в
// сообщениях группы', 'вопросы по цене — в WhatsApp').
const PRICE_UNSAID = r(
  `(?<!(как${L}|сколько|нормальн${L}|реальн${L}|хорош${L})\\s)${W}(цена|цену|цене|ценой|стоимость|прайс)${E}[^\\d\\n.!?]{0,40}([.!\\n]|$)`,
);
// What the vehicle is like, besides its year and mileage.
const SPECS = r(
  `(${W}\\d[.,]\\d\\s?(л|l|литр)?${E}|\\d\\s?(л\\.?\\s?с|лс|hp|сил|куб${L}|cc|см3)|${W}(акпп|мкпп|автомат|механик${L}|вариатор|робот|дизель|бензин|гибрид|инжектор|карбюратор|привод|полный привод|4wd|awd|4x4|4х4|комплектаци${L}|кузов|цвет|птс|владел${L}|хозя${L}|состояни${L}|на ходу|не бит${L}|не крашен${L}|растаможен${L}|сигнализаци${L}|климат|кондиционер|седан|хэтчбек|хетчбек|универсал|внедорожник|минивэн|пикап|кубов${L}|моточас${L}|мотор${E}|двигател${L}|резина|пробег${L}|vin|вин${E}|документ${L})${E})`,
);

// A warning about someone else's ad ('Осторожно, перекуп!', 'пробег скручен'): firm, never said in
// passing, however full the ad it retells.
const WARNING = words([
  `осторожно\\s?[,!:—–-]\\s?перекуп${L}`,
  `(пробег|одометр)${L}? (скручен|смотан|скрут)${L}`,
  `(скручен|смотан)${L} пробег${L}`,
]);
// Scorn at someone else's price ('посмотрите на цену 😂', 'совсем с ума сошли').
const SCORN = words([
  `(посмотрите|гляньте|зацените|оцените) на (цену|ценник)`,
  `с ума сош${L}`,
  // 'Вот это цены 😂 «…»', 'кто-то реально это купит?'
  `(вот это|ну и|ничего себе) (цены|ценник${L})`,
  `кто-?\\s?то (реально |правда )?(это |такое )?купит`,
]);

// An importer's terms, never a seller's ('работаем по договору', 'под ваш бюджет', 'закажите расчёт').
const IMPORTER = words([
  `работаем (по договор${L}|под заказ)`,
  'под ваш бюджет',
  `(закажите|заказать|сделаем|запросите) (расч[её]т|просч[её]т|подбор)${L}`,
]);
// A price said of a model in general ('продаётся в среднем за 1,7 млн', 'в среднем по 950 тыс.', 'Обзор цен:').
const AVERAGE = words([
  `(прода[её]тся|продаются|стоит|стоят|уход(ит|ят)) в среднем`,
  `в среднем (за|по) \\d[\\d\\s.,]*\\s?(млн|тыс|т\\.?\\s?р|₽|руб)${L}`,
  `обзор${L} цен${L}`,
  // 'Средняя цена Креты 2020 на Авито — 1 950 000': a number after it in the sentence ('ниже средней цены' is a seller's).
  `(?<!(ниже|дешевле|меньше)\\s)средн(яя|ей|юю) цен${L}[^.!?\\n\\d]{0,60}\\d`,
]);

const STRONG: [NonSaleReason, RegExp][] = [
  ['news', WARNING],
  ['service', IMPORTER],
  ['review', AVERAGE],
  ['question', SCORN],
  ['sold', r(`^[\\s\\p{P}\\p{S}\\uFE0F]*(продано|продан|продана|sold|снят${L} с продажи)${E}`)],
  [
    'buying',
    words([
      'куплю',
      'покупаю',
      'купим',
      'скупаем',
      'скупка',
      `выкуп(?!лен)${L}`,
      'автовыкуп',
      'ищу(?! (нового|новых|покупател|хозя|владельц))',
      'ищем машину',
      'ищем авто',
      'возьму(?! в зач[её]т)',
      'в поиске',
      'нужна машина',
      'нужен автомобиль',
      'нужен авто',
      // … unless what is considered is an exchange ('Рассмотрю варианты обмена').
      'рассмотрю варианты(?! (обмен|с доплат))',
      'рассмотрю предложения(?! (по )?обмен)',
    ]),
  ],
  ['rental', words([`аренд${L}`, `прокат${L}`, 'сда(м|ю)', 'сдаётся', 'сдается', `каршеринг${L}`])],
  ['giveaway', words([`розыгрыш${L}`, `разыгрыва${L}`, `конкурс${L}`, 'подпишись', 'подписывайся'])],
  [
    'question',
    words([
      'подскажите',
      'посоветуйте',
      'стоит ли',
      'кто знает',
      'как думаете',
      'что лучше',
      'что надежнее',
      'что надёжнее',
      'вопрос к',
      'вопрос знатокам',
      `помогите (выбрать|определиться|советом|разобраться|понять|решить)`,
      'кто-нибудь',
      'кто нибудь',
      'согласны',
      'мнение',
      'видели\\s?\\?',
      'смотрите,? что',
      `наш(ёл|ел|ла|ли) на (авито|дроме|авто\\.ру)`,
      'не ведитесь',
      'брать или нет',
      'брать ли',
      'стоит брать',
      'поделюсь',
      `свидетел${L}`,
      `спасибо админ${L}`,
      `продал${E}`,
      'продала',
      'продали',
    ]),
  ],
  [
    'news',
    words([
      `новост${L}`,
      `повысил${L} цены`,
      `представил${L}`,
      'стартуют',
      'стартовали',
      'модельного года',
      'рост составил',
      `(произошл${L}|случил${L}) дтп`,
      `дтп (на|с участием|произошл${L}|в районе)`,
      `столкнул${L}`,
      `пострадавш${L}`,
      `угна${L}`,
      'розыск',
      'подписчиков',
      `(авто)?прикол${L}`,
      'юмор',
      'хайп',
    ]),
  ],
  [
    'review',
    words([
      `обзор${L}`,
      `видеообзор${L}`,
      'рынок',
      'рынке',
      `вторичк${L}`,
      `средн(яя|ей|юю) цен${L}`,
      'средний ценник',
      'средний чек',
      `в среднем${E}[^.\\n]{0,25}(за|стоит|стоят|прода${L}|уход${L})`,
      `ликвидн${L}`,
      `теря${L} в цене`,
      `\\d+\\s?%\\s(цены|стоимости)`,
      'опыт владения',
      `дел(юсь|имся) опытом`,
      `отзыв${L}`,
      'продавать не (собираюсь|буду|планирую)',
      `(авто)?эксперт${L}`,
      `совету${L}`,
      'лучший выбор',
      'не покупайте',
      'не берите',
      'будьте внимательны',
      `мы проанализировали`,
      'цены на',
      `ценник${L} на`,
      `с ценами`,
      `цен${L} (вырос${L}|упал${L}|снизил${L}|изменил${L})`,
      `(изменил${L}|вырос${L}|упал${L}) цен${L}`,
      `сколько сто${L}`,
      'стоит сейчас',
      'сейчас стоит',
      `оценивается`,
      'оценим',
      `рейтинг${L}`,
      'топ-?\\d+',
      `статистик${L}`,
      'по данным',
      `аналитик${L}`,
      `исследовани${L}`,
      'сравнили',
      'сравнение',
      `тест-драйв${L}`,
      'дилеры',
      'автостат',
      `подорож${L}`,
      `подешев${L}`,
      'лайфхак',
      `как (проверить|выбрать|купить|продать|не попасть|сэкономить)`,
      `как (я|мы) (покупал|выбирал|продавал|искал|брал)${L}`,
      `потеря${L} [^.\\n]{0,20}в цене`,
      `%\\s(в цене|от цены|стоимости)`,
      'можно найти',
      `что (купить|взять) за`,
      `(в|из) (нашей |этой )?стать(е|и)`,
      `(какие|какую|какой) (машин${L}|авто${L}|автомобил${L})`,
      'стоят',
      'уходят',
      `дороже${E}[^\\n]{0,20}(чем|на)`,
      `дешевле${E}[^\\n]{0,20}(чем|на)`,
      `(на|в) \\d+[.,]?\\d*\\s?%`,
    ]),
  ],
  [
    'parts',
    words([
      'в разборе',
      'на разбор',
      'разбор',
      'авторазбор',
      `запчаст${L}(?! в подарок)`,
      'по отдельности',
      'без машины',
    ]),
  ],
  // Other things with an engine or wheels that channels sell beside vehicles.
  [
    'goods',
    words([
      `лодк${L}`,
      `лодочн${L}`,
      'катер',
      'пвх',
      `(электро)?самокат${L}`,
      `велосипед${L}`,
      `гироскутер${L}`,
      `детск${L} квадроцикл${L}`,
      `квадроцикл${L} детск${L}`,
      `моноколес${L}`,
      `сигвей${L}`,
      `генератор${L} бензинов${L}`,
      `мотоблок${L}`,
      `культиватор${L}`,
      `детск${L} (электро)?мобил${L}`,
      `прода(м|ю|ётся|ется) (совет${L}|иде(ю|я)|опыт|курс${L}|бизнес${L}|гараж${L})`,
    ]),
  ],
  [
    'service',
    words([
      'автоподбор',
      `подбор${L} (авто|машин|автомобил)${L}`,
      `услуг${L} подбор${L}`,
      'подбер[её]м',
      'под заказ',
      `пригон${L}`,
      'пригоним',
      'привез(ем|ём)',
      'доставка авто',
      'шиномонтаж',
      `переобувк${L}`,
      `эвакуатор${L}`,
      'автокредит',
      `займ${L}`,
      `автошкол${L}`,
      `инструктор${L}`,
      'обучение вождению',
      'ремонт акпп',
      `ремонт двигател${L}`,
      `диагностик${L} бесплатно`,
      'страхование',
      'страхуем',
      'осаго и каско',
      'каско и осаго',
      'с установкой',
      'набираем',
      'в нашем салоне',
      'машин в наличии',
      'авто в наличии',
      `растаможк${L}`,
      `утильсбор${L}`,
      `пошлин${L}`,
      'под ключ',
      'клиент получил',
      'параллельный импорт',
      'с молотка',
      `торг(и|ов|ах|ам)${E}`,
      'к торгам',
      `аукцион${L}`,
      `вез[её]м`,
      `доставил${L}`,
      `растаможил${L}`,
      `клиент(у|ам|ов|ы)${E}`,
      `сопровождени${L}`,
      'помощь в покупке',
      `калькулятор${L}`,
      'итоги',
      `ж[её]м ваш${L} заказ${L}`,
      'считаем',
      `конфискат${L}`,
      `перегон${L}`,
      `требу(ется|ются)`,
      `ваканси${L}`,
      `зарплат${L}`,
      `лот${E}`,
      `делайте ставк${L}`,
      `стартов${L} цен${L}`,
      `доставк${L} (из|в любой|по росси${L}|до)`,
      `привез${L}`,
      'привозим',
      `заявк${L}`,
      `предоплат${L}`,
      'фрахт',
      `отгрузк${L}`,
      'новая партия',
      `аукционн${L} лист${L} (перевод|провер)${L}`,
      'наших услуг',
      `срок${L} (доставки )?\\d`,
    ]),
  ],
];

// Quoted text is someone else's words ('«Продам Ниву…» — а на фото…'): its sale word is not the post's, unless the
// quote is a whole offer with its price (a seller's post passed on: '"Продаю свою Камри … 2 050 000 ₽" — пишет …').
const QUOTED = /«[^»]*»|"[^"\n]*"|“[^”]*”/gu;
const QUOTED_PRICE = /\d[\d\s.,]*\s?(₽|руб|р\.|млн|т\.?р)/iu;

// A story about a deal already done ('Купил себе Солярис…', 'продал за неделю'): no sale unless the post sells too.
const STORY = r(
  `${W}(купил${L}|взял|взяла|приобр[её]л${L}|пригнал${L}|продал|продала|продали)${E}[^.\\n]{0,40}\\sза\\s\\d`,
);
// A question mark that the post does not answer itself right after it.
const UNANSWERED = /\?(?![\s?!…—–-]*(нет|да|не угадали|именно|конечно)(?![\p{L}])(?!\s+ли))/iu;

// A question that offers ('Кому Приору?', 'Кому нужна надёжная машина?', 'Кто искал Камри?').
const OFFERING_QUESTION = r(`(^|[.!?\\n]\\s*)(кому|кто (искал|хотел|мечтал))${E}[^?\\n]{0,60}\\?`);

// Someone else's ad pointed at ('опять этот Прадо … выставили', 'Этот Рав4 продают за 2,2 млн'): a comment, not an offer.
const THEIR_AD = r(
  `${W}(этот|эту|этого|эта|такие|опять|снова|очередн${L})${E}[^.!?\\n]{0,50}${W}(продают|выставили|просят|перепродают|толкают)${E}`,
);
// Asking the channel, not offering: only in posts that offer nothing.
const ASKING = words(['оцените', 'в комментариях', 'нормальная цена', `сравнива${L}`]);

// Kinds of post whose words a sale post may say in passing (a buying, part or goods word is never in passing).
const SOFT_REASONS = new Set<NonSaleReason>(['rental', 'news', 'service', 'review', 'giveaway', 'question']);

// A rental or taxi word said of the vehicle's past: 'в такси и аренде не была', 'не из каршеринга'.
const NEGATED = r(`${W}(не|без|никогда)${E}[^.\\n]{0,25}$`);
const NEGATED_AFTER = r(
  `^([^.\\n]{0,25}${W}не\\s(был${L}|использова${L}|участвова${L}|эксплуатир${L}|интересу${L}|предлага${L}|нужн${L})${E}|[^.\\n]{0,12}${W}не\\s(?!дорог|дешев|дёшев|далеко|торг|старше|младше|ниже|выше|больше|более|менее|раньше|позже|позднее))`,
);
// A price 'from' ('от 2 199 000 ₽'): a dealer's or importer's offer of many cars, never one vehicle's price.
const PRICE_FROM = r(
  `(?<!пробег${L}\\s?)${W}от\\s\\d[\\d\\s.,]*\\s?(млн${L}|тыс${L}(?!\\.?\\s?км)|т\\.?\\s?р|₽|руб${L}|\\$|€)`,
);

// Parts and things for a vehicle, by the start of their names.
const PART_NOUNS = `(двигател|мотор${E}|двс|кпп|акпп|мкпп|коробк|вариатор|турбин|генератор|стартер|радиатор|фар|фонар|бампер|капот|крыл|крышк|двер|зеркал|стекл|сидень|сиденья|салон${E}|магнитол|решетк|решётк|глушител|подвеск|амортизатор|рычаг|ступиц|суппорт|колодк|диск|колес|колёс|резин|шин|аккумулятор|запчаст|багажник|бокс|фаркоп|дуги|чехл|коврик|оптик|руль|панель|торпед|бак${E}|кардан|мост|раздатк|головк|гбц|блок|форсунк|топливн|датчик|жгут|проводк|шлем|экип|мотоботы|мотокуртк|куртк|ноускат|карбюратор|птс|номер)`;
// A sale word whose object is a part, not the vehicle: 'Продам двигатель от Камри', 'Продаю б/у фары на Солярис'.
const PART_SALE = r(
  `${W}(прода(м|ю|ется|ётся|ются)|отдам|в наличии)[\\s:,-]+((б\\/у|бу|новы\\p{L}|оригинальн${L}|контрактн${L}|родн${L}|штатн${L}|комплект${L}|пар\\p{L}|два|две|четыре)\\s+){0,2}${PART_NOUNS}`,
);
// A post that names a part before the vehicle: 'Решётка радиатора Lexus LX 570', 'Коробка ДСГ на Октавию'.
// A dealer's name ('Салон «Авто с пробегом»') is no car interior.
const PART_FIRST = r(`^[\\s\\p{P}\\p{S}]*(?!салон\\s*[«"“])${PART_NOUNS}`);
// A part named on the vehicle's line before it ('Продаю зимнюю резину от Камри', 'Новый двигатель Камри 2.5').
const PART_BEFORE = r(
  `${W}(двигател|двс|кпп|акпп|мкпп|коробк|турбин|генератор|стартер|радиатор|фар[аыу]|фонар|бампер|капот|крыл|крышк|двер|зеркал|стекл|сидень|магнитол|решетк|решётк|глушител|амортизатор|рычаг|ступиц|суппорт|колодк|диск|колес|колёс|резин|шин[аыу]|аккумулятор|запчаст|фаркоп|чехл|коврик|оптик|ноускат|карбюратор|форсунк|шлем|экип)`,
);
// A thing for a vehicle: 'Турбина на Тигуан', 'ПТС от ВАЗ-2107', 'Решётка для Лексуса'.
const FOR_VEHICLE = r(`${W}(на|для|от|под)\\s*$`);
// 'Ищу нового хозяина для Мазды': the vehicle is offered, not a thing for it.
const NEW_OWNER = r(`(хозя|владельц|владелиц|покупател|рук${E})${L}\\s+(для|на)\\s*$`);
const EXCHANGE_FOR = r(`${W}(обмен${L}|меняю|меняем|поменяю|обменяю|мен[яе]ю)\\s(на\\s)?$|${W}(на|в)\\s*$`);

// A dealer's list of services next to 'выкуп' ('Кредит, трейд-ин, выкуп', 'выкуп и обмен').
const DEALER_TERMS = words([
  `кредит${L}`,
  'трейд-?\\s?ин',
  'trade-?\\s?in',
  `рассрочк${L}`,
  `обмен${L}`,
  `комисси${L}`,
]);

// Loans and insurance are soft: sale posts often offer 'кредит' or mention 'ОСАГО до …'.
const SOFT: [NonSaleReason, RegExp][] = [['service', words([`кредит${L}`, 'осаго', 'каско', `одобрени${L}`])]];

const TYRES = r(
  `((?<![\\p{L}\\p{N}])r\\s?1\\d|(?<![\\p{L}\\p{N}])r\\s?2\\d|\\d{3}\\/\\d{2}|${W}(шины|резин${L}|диски|колес${L})${E})`,
);
const TYRE_SIZE = r(`((?<![\\p{L}\\p{N}])r\\s?1\\d(?!\\d)|(?<![\\p{L}\\p{N}])r\\s?2\\d(?!\\d)|\\d{3}\\/\\d{2}\\s?r?)`);

export interface SaleEvidence {
  hasVehicle: boolean;
  /** Where the vehicle is first named (null without one). */
  vehicleStart: number | null;
  hasPrice: boolean;
  hasYear: boolean;
  hasMileage: boolean;
  rate: boolean;
}

// A phrase the post takes back at once ('Срочный выкуп? Нет! Продаём…'): not what the post is.
const TAKEN_BACK = /[^.!?\n]*\?\s*нет(?![\p{L}])(?!\s+ли)/giu;

export function nonSaleReason(raw: string, evidence: SaleEvidence): NonSaleReason | null {
  // Only a post with a question mark can take a name back (the pattern needs one); the scan is costly on long posts.
  const text = raw.includes('?') ? raw.replace(TAKEN_BACK, (phrase) => ' '.repeat(phrase.length)) : raw;
  const trimmed = text.trim();
  if (/^[\s\p{P}\p{S}\uFE0F]*(продано|sold)[\s\p{P}\p{S}\uFE0F]*$/iu.test(trimmed)) return 'sold';
  const own = text.replace(QUOTED, (quote) => (QUOTED_PRICE.test(quote) ? quote : ' '.repeat(quote.length)));
  const saleAt = SALE_WORDS.exec(own)?.index ?? Infinity;
  const saleWord = saleAt !== Infinity;
  const exchange = EXCHANGE.test(own);
  const onRequest = PRICE_ON_REQUEST.test(text);
  const elsewhere = ELSEWHERE.test(text);
  // Weaker: a price word with no number after it is an offer only where nothing says the post is something else.
  const priceUnsaid = PRICE_UNSAID.test(text);
  const described = evidence.hasYear || evidence.hasMileage || SPECS.test(text);
  const offered = saleWord || evidence.hasPrice || exchange || onRequest || elsewhere || priceUnsaid;
  const strongSale =
    evidence.hasVehicle && (evidence.hasYear || evidence.hasMileage) && (evidence.hasPrice || saleWord || exchange);
  const exchangeAt = EXCHANGE.exec(own)?.index ?? Infinity;
  // A post with the vehicle's year, mileage and price: what it says after the vehicle is said in passing.
  const fullSale = evidence.hasVehicle && evidence.hasYear && evidence.hasMileage && evidence.hasPrice;
  for (const [reason, pattern] of STRONG) {
    const match = pattern.exec(text);
    if (!match) continue;
    // A service word deep inside a full sale post ('кредит и трейд-ин', 'возможна доставка') does not make it a service;
    // a sale or exchange word before 'куплю'/'ищу' is a swap note of a sale; a sale's 'на рынке' or 'обзор по ссылке'
    // is no review; 'в аренде не была' is no rental.
    const firm = pattern === WARNING || pattern === IMPORTER || pattern === AVERAGE;
    if (reason === 'service' && strongSale && match.index > 60 && !firm) continue;
    if (reason === 'buying' && Math.min(saleAt, exchangeAt) < match.index) continue;
    // A dealer's terms under a full sale ('Кредит, трейд-ин, выкуп'): its services, not a wish to buy.
    if (
      reason === 'buying' &&
      fullSale &&
      DEALER_TERMS.test(text.slice(Math.max(0, match.index - 30), match.index + 40))
    ) {
      continue;
    }
    // 'Обменяю Ниву на мотоцикл или лодку': what is asked in exchange is not what is offered.
    if (reason === 'goods' && exchangeAt < match.index && evidence.hasVehicle) continue;
    // 'Куплю что-то побольше, поэтому продаю': the sale word in the same sentence, after.
    const saleAfter = saleWord && saleAt > match.index;
    if (reason === 'buying' && saleAfter && !/[.!?\n]/u.test(text.slice(match.index, saleAt))) continue;
    if (reason === 'review' && strongSale && (saleAt < match.index || exchange || onRequest || elsewhere) && !firm) {
      continue;
    }
    if (reason === 'review' && fullSale && match.index > 40 && !firm) continue;
    // 'Читал отзывы перед покупкой … Теперь продаю: …': the seller's own sale after the review words.
    if (reason === 'review' && fullSale && saleWord && saleAt > match.index && !firm) continue;
    const negatable = ['rental', 'news', 'service', 'parts', 'buying', 'giveaway'].includes(reason);
    if (negatable && negated(text, match)) continue;
    // The words of other kinds of post said in passing in a full sale post (after 'продаю', or well after the
    // vehicle in a post with its year, mileage and price) do not make it one of them.
    const soft = SOFT_REASONS.has(reason) && !firm;
    if (soft && strongSale && saleAt < match.index) continue;
    const late = evidence.vehicleStart !== null && match.index > evidence.vehicleStart + 40;
    if (soft && reason !== 'review' && fullSale && late) continue;
    return reason;
  }
  if (PART_SALE.test(text)) return 'parts';
  if (PRICE_FROM.test(text)) return 'service';
  const offerWords = saleWord || exchange || onRequest || elsewhere;
  if (!offerWords && STORY.test(text)) return 'news';
  if (!saleWord && !exchange && THEIR_AD.test(own)) return 'review';
  if (!offerWords && ASKING.test(text)) return 'question';
  // A post that asks and offers nothing ('… за 1,35 млн — нормальная цена?') is a question.
  // A question the post answers itself ('Cobalt? Нет — Lacetti', 'Дорого? Да нет') asks nothing.
  if (!offerWords && UNANSWERED.test(text.replace(OFFERING_QUESTION, ' '))) return 'question';
  if (evidence.vehicleStart !== null) {
    const before = text.slice(0, evidence.vehicleStart);
    if (
      FOR_VEHICLE.test(before) &&
      /\p{L}{3}/u.test(before) &&
      !EXCHANGE_FOR.test(before.replace(FOR_VEHICLE, '')) &&
      !NEW_OWNER.test(before)
    ) {
      return 'parts';
    }
    if (PART_FIRST.test(before)) return 'parts';
    const line = before.slice(before.lastIndexOf('\n') + 1).replace(/«[^»]*»|"[^"]*"/gu, '');
    if (PART_BEFORE.test(line)) return 'parts';
  }
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

// The vehicle's past ('из аренды', 'после такси', 'бывшая прокатная'): said of a vehicle for sale.
const PAST = r(`${W}(из|после|бывш${L}|был${L} в|работал${L} в|сдавал${L} в)\\s?$`);

function negated(text: string, match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  const before = text.slice(Math.max(0, match.index - 40), match.index);
  return NEGATED.test(before) || PAST.test(before) || NEGATED_AFTER.test(text.slice(end));
}

/** The post only says the vehicle is sold ('ПРОДАНО', 'Продано ✅', 'продан, всем спасибо'): an edit to this unpublishes. */
export function isSoldNotice(text: string): boolean {
  return r(`^[\\s\\p{P}\\p{S}\\uFE0F]*(продано|продан|продана|sold)${E}`).test(text.trim());
}

/** Some line of the post starts with 'продано'/'продан' (an edit that marks the vehicle sold, at the top or below). */
export function mentionsSold(text: string): boolean {
  return text.split('\n').some((line) => isSoldNotice(line));
}
