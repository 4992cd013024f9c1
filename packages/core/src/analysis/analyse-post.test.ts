import { describe, expect, it } from 'vitest';
import { analysePost } from './analyse-post';
import { buildAnalysisIndex } from './reference-index';
import { isSoldNotice } from './sale';

// A small slice of the reference data (packages/db/data) in its own shape; the whole files are scored by
// tests/analysis/corpus.test.ts.
const index = buildAnalysisIndex({
  carBrands: [
    {
      name: 'Toyota',
      popular: true,
      synonyms: ['Тойота', 'Тойоту'],
      models: [
        { name: 'Camry', synonyms: ['Камри'], yearFrom: 1982, yearTo: null },
        { name: 'Land Cruiser', synonyms: ['Ленд Крузер', 'Крузак', 'LC200'], yearFrom: 1951, yearTo: null },
        { name: 'Land Cruiser Prado', synonyms: ['Прадо', 'Ленд Крузер Прадо'], yearFrom: 1990, yearTo: null },
      ],
    },
    {
      name: 'Hyundai',
      popular: true,
      synonyms: ['Хендай', 'Хёндай'],
      models: [{ name: 'Solaris', synonyms: ['Солярис', 'Соларис'], yearFrom: 2010, yearTo: 2022 }],
    },
    {
      name: 'Mercedes-Benz',
      popular: true,
      synonyms: ['Мерседес', 'Мерс', 'Mercedes'],
      models: [{ name: 'E-Класс', synonyms: ['E-Class', 'E200'], yearFrom: 1993, yearTo: null }],
    },
    {
      name: 'BMW',
      popular: true,
      synonyms: ['БМВ', 'Бэха'],
      models: [
        { name: '3 серия', synonyms: ['3 Series', '320'], yearFrom: 1975, yearTo: null },
        { name: 'X5', synonyms: ['Х5', 'Икс5'], yearFrom: 1999, yearTo: null },
      ],
    },
    {
      name: 'LADA',
      popular: true,
      synonyms: ['Лада', 'ВАЗ'],
      models: [
        { name: 'Vesta', synonyms: ['Веста'], yearFrom: 2015, yearTo: null },
        { name: '2107', synonyms: ['Семерка'], yearFrom: 1982, yearTo: 2012 },
      ],
    },
    { name: 'Solaris', synonyms: ['Солярис'], models: [{ name: 'KRS', synonyms: [], yearFrom: 2024, yearTo: null }] },
  ],
  motoBrands: [
    {
      name: 'Yamaha',
      popular: true,
      synonyms: ['Ямаха'],
      models: [{ name: 'YZF-R1', synonyms: [] }],
    },
  ],
  cities: [
    { city: 'Москва', population: 11_514_330, synonyms: ['Мск'] },
    { city: 'Санкт-Петербург', population: 4_848_742, synonyms: ['Питер', 'СПб'] },
    { city: 'Екатеринбург', population: 1_350_136, synonyms: ['Екб'] },
    { city: 'Казань', population: 1_143_546, synonyms: [] },
    { city: 'Нижний Новгород', population: 1_250_615, synonyms: ['Н. Новгород', 'Нижний'] },
    { city: 'Самара', population: 1_164_900, synonyms: [] },
    { city: 'Зима', population: 32_522, synonyms: [] },
  ],
});

const analyse = (text: string) => analysePost(index, text, { maxYear: 2026 });

describe('analysePost: the vehicle', () => {
  it.each([
    ['Камри 2018, 2.5, 90 тыс км, 2 млн', 'Toyota', 'Camry'],
    ['Солярис 2017 1.6 АТ 120 тыс км, 850 т.р.', 'Hyundai', 'Solaris'],
    ['Мерс Е200 2016, 150 тыс км, 2.1 млн', 'Mercedes-Benz', 'E-Class'],
    ['Бэха 320i 2012, 180 тыс км, 1 200 000', 'BMW', '3 Series'],
    ['БМВ Х5 2010, 200 тыс. км, 1.5 млн', 'BMW', 'X5'],
    ['Toyota Land Cruiser Prado 2015, 150 тыс км, 3 млн', 'Toyota', 'Land Cruiser Prado'],
    ['Крузак 2010, 300 тыс км, 2.5 млн', 'Toyota', 'Land Cruiser'],
    ['Продам Тойоту Камри 2008, 250 тыс. км, 650 тыс.', 'Toyota', 'Camry'],
    ['Лада Веста 2020, 45 000 км, 1 150 000 руб, Самара', 'LADA', 'Vesta'],
  ])('%s → %s %s', (text, brand, model) => {
    expect(analyse(text)).toMatchObject({ is_sale: true, kind: 'car', brand, model });
  });

  it('reads a Cyrillic look-alike in a Latin model name (Х5, Е200) as the Latin letter', () => {
    expect(analyse('Продаю бмв х5 2011 г, 190 т.км, 1.6 млн').model).toBe('X5');
  });

  it('tells a motorcycle by its catalogue and titles the listing', () => {
    expect(analyse('Yamaha YZF-R1 2015, 12 000 км, 1 100 000 ₽')).toMatchObject({
      kind: 'moto',
      brand: 'Yamaha',
      model: 'YZF-R1',
      title: 'Yamaha YZF-R1, 2015',
    });
  });

  it('reads a brand name that is also another brand’s model by the year', () => {
    expect(analyse('Солярис 2017, 100 тыс км, 900 т.р.').brand).toBe('Hyundai');
    expect(analyse('Солярис KRS 2025, 5 тыс км, 1.9 млн').brand).toBe('Solaris');
  });
});

describe('analysePost: price and currency', () => {
  it.each([
    ['Камри 2015, 150 тыс км, цена 1,2 млн', 1_200_000, 'RUB'],
    ['Камри 2015, 150 тыс км, 1.25 млн', 1_250_000, 'RUB'],
    ['Камри 2015, 150 тыс км, 850 т.р.', 850_000, 'RUB'],
    ['Камри 2015, 150 тыс км, 450к', 450_000, 'RUB'],
    ['Камри 2015, 150 тыс км, $12 000', 12_000, 'USD'],
    ['Камри 2015, 150 тыс км, 1 250 000 ₽', 1_250_000, 'RUB'],
    ['Камри 2015, 150 тыс км, 11 500 €', 11_500, 'EUR'],
    ['Камри 2015, 150 тыс км, 15000 евро', 15_000, 'EUR'],
    ['Камри 2015, 150 тыс км, 1250000', 1_250_000, 'RUB'],
  ])('%s → %d %s', (text, price, currency) => {
    expect(analyse(text)).toMatchObject({ price, currency });
  });

  it('does not take money spent on repairs, a phone number or horsepower for the price', () => {
    const result = analyse(
      'Камри 2012 2.5 181 л.с., пробег 190 тыс, вложено 120 тыс за год. Цена 1 450 000. Тел 8 917 700-11-22',
    );
    expect(result).toMatchObject({ price: 1_450_000, mileage_km: 190_000, year: 2012 });
  });
});

describe('analysePost: mileage', () => {
  it.each([
    ['Камри 2015, 120 тыс. км, 1.5 млн', 120_000],
    ['Камри 2015, 98 т.км, 1.5 млн', 98_000],
    ['Камри 2015, 134т пробег, 1.5 млн', 134_000],
    ['Камри 2015, 155 000 km, 1.5 млн', 155_000],
    ['Камри 2015, пробег 185000, 1.5 млн', 185_000],
    ['Камри 2015, 30 000 миль, 1.5 млн', 48_280],
    ['Камри 2015 1.6 мех 230 тыс 1 500 000', 230_000],
  ])('%s → %d km', (text, km) => {
    expect(analyse(text).mileage_km).toBe(km);
  });

  it('skips service intervals and owner counts', () => {
    const result = analyse('Камри 2015, 2 владельца, ТО каждые 10 000 км, пробег 87 тыс, 1.5 млн');
    expect(result.mileage_km).toBe(87_000);
  });
});

describe('analysePost: year', () => {
  it('takes the production year, not the year of a repair, a policy or tyres', () => {
    const text = 'Камри 2017 года, масло менял в 2023 году, ОСАГО до 2026, резина 2022 года. 120 тыс км, 2 млн';
    expect(analyse(text).year).toBe(2017);
  });

  it('reads a two-digit year with its suffix and a body code is not a year', () => {
    expect(analyse('Солярис 17г, 1.6 мт, 134т пробег, 890к').year).toBe(2017);
    expect(analyse('Бэха 320i E90 2008, 200 тыс км, 700 т.р.').year).toBe(2008);
  });
});

describe('analysePost: city', () => {
  it.each([
    ['Камри 2015, 120 тыс км, 1.5 млн, в Казани', 'Казань'],
    ['Камри 2015, 120 тыс км, 1.5 млн, г. Н.Новгород', 'Нижний Новгород'],
    ['Камри 2015, 120 тыс км, 1.5 млн, осмотр в Нижнем Новгороде', 'Нижний Новгород'],
    ['Камри 2015, 120 тыс км, 1.5 млн. Мск', 'Москва'],
    ['Камри 2015, 120 тыс км, 1.5 млн. СПб', 'Санкт-Петербург'],
    ['Камри 2015, 120 тыс км, 1.5 млн. Машина в Питере', 'Санкт-Петербург'],
    ['Камри 2015, 120 тыс км, 1.5 млн. Екб', 'Екатеринбург'],
  ])('%s → %s', (text, city) => {
    expect(analyse(text).city).toBe(city);
  });

  it('does not read an ordinary word as a small town', () => {
    expect(analyse('Камри 2015, 120 тыс км, зима на дисках, 1.5 млн').city).toBeNull();
  });
});

describe('analysePost: posts that are not a sale', () => {
  it.each([
    ['buying', 'Куплю Камри до 1.5 млн, 2015 год и новее'],
    ['buying', 'Срочный выкуп авто, дорого, Москва'],
    ['service', 'Автоподбор: проверим Камри перед покупкой, выезд 3 500 ₽'],
    ['service', 'Пригон Камри 2020 из Японии под заказ от 2.4 млн'],
    ['service', 'Шиномонтаж 24/7, переобувка от 1 600 ₽'],
    ['service', 'Эвакуатор по городу недорого'],
    ['service', 'Автошкола: категория B, 45 000 руб'],
    ['rental', 'Сдам в аренду Солярис 2021 под такси, 2 200 руб/сутки'],
    ['news', 'АвтоВАЗ повысил цены на Весту: от 1 495 000 рублей'],
    ['question', 'Подскажите, стоит ли брать Солярис 2017 за 900к?'],
    ['giveaway', 'Розыгрыш комплекта резины среди подписчиков!'],
    ['sold', 'ПРОДАНО'],
    ['parts', 'В разборе Камри 40 2008, все запчасти в наличии'],
    ['tyres', 'Продам зимнюю резину 205/55 R16, 25 000 руб'],
  ])('%s: %s', (reason, text) => {
    expect(analyse(text)).toMatchObject({ is_sale: false, reason, brand: null, price: null, city: null });
  });

  it('keeps a dealer’s sale that mentions credit and insurance a sale', () => {
    const text = 'Продаётся Камри 2019, 60 тыс. км, 2.6 млн. ОСАГО до 2026. Возможен кредит, трейд-ин';
    expect(analyse(text)).toMatchObject({ is_sale: true, price: 2_600_000 });
  });

  it('knows an edit that only says sold', () => {
    expect(isSoldNotice('Продано ✅')).toBe(true);
    expect(isSoldNotice('ПРОДАНО! Спасибо всем')).toBe(true);
    expect(isSoldNotice('Камри 2018, не продано ещё')).toBe(false);
  });
});
