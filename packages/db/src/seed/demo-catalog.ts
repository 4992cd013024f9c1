import type { VehicleKind } from '@autoradar/core';

/**
 * Models the demo feed is built from. Prices anchor on one (year, price) pair of the Russian used market
 * and lose `depreciation` of their value per year of age, so a 2019 Granta lands near 650 000 ₽ and a 2017
 * X5 near 3 900 000 ₽. Names must match the reference data exactly.
 */
export type DemoModel = {
  kind: VehicleKind;
  brand: string;
  model: string;
  years: readonly [from: number, to: number];
  anchor: readonly [year: number, price: number];
  depreciation: number;
};

const car = (
  brand: string,
  model: string,
  years: [number, number],
  anchor: [number, number],
  depreciation = 0.07,
): DemoModel => ({ kind: 'car', brand, model, years, anchor, depreciation });

const moto = (
  brand: string,
  model: string,
  years: [number, number],
  anchor: [number, number],
  depreciation = 0.07,
): DemoModel => ({ kind: 'moto', brand, model, years, anchor, depreciation });

export const demoModels: readonly DemoModel[] = [
  car('LADA', 'Granta', [2012, 2025], [2019, 650_000]),
  car('LADA', 'Vesta', [2016, 2025], [2020, 1_050_000]),
  car('LADA', 'Niva Legend', [2010, 2025], [2020, 720_000], 0.06),
  car('LADA', 'Largus', [2013, 2024], [2019, 850_000]),
  car('Toyota', 'Camry', [2012, 2024], [2018, 2_350_000]),
  car('Toyota', 'Corolla', [2010, 2022], [2017, 1_450_000]),
  car('Toyota', 'RAV4', [2010, 2024], [2019, 2_900_000]),
  car('Toyota', 'Land Cruiser Prado', [2010, 2023], [2018, 4_300_000], 0.06),
  car('Kia', 'Rio', [2012, 2022], [2018, 1_150_000]),
  car('Kia', 'Sportage', [2012, 2024], [2019, 2_150_000]),
  car('Kia', 'K5', [2020, 2024], [2021, 2_600_000]),
  car('Hyundai', 'Solaris', [2011, 2022], [2018, 1_050_000]),
  car('Hyundai', 'Creta', [2016, 2024], [2020, 1_900_000]),
  car('Hyundai', 'Tucson', [2016, 2024], [2019, 2_400_000]),
  car('Volkswagen', 'Polo', [2011, 2022], [2018, 1_000_000]),
  car('Volkswagen', 'Tiguan', [2010, 2023], [2018, 2_300_000], 0.08),
  car('Skoda', 'Octavia', [2010, 2023], [2018, 1_550_000], 0.08),
  car('Skoda', 'Kodiaq', [2017, 2024], [2020, 2_900_000]),
  car('Renault', 'Logan', [2010, 2022], [2018, 780_000]),
  car('Renault', 'Duster', [2012, 2024], [2019, 1_350_000]),
  car('Renault', 'Arkana', [2019, 2023], [2020, 1_750_000]),
  car('Nissan', 'Qashqai', [2010, 2022], [2018, 1_750_000], 0.08),
  car('Nissan', 'X-Trail', [2010, 2022], [2018, 2_100_000], 0.08),
  car('BMW', '3 серия', [2012, 2024], [2018, 2_700_000], 0.09),
  car('BMW', '5 серия', [2012, 2024], [2018, 3_300_000], 0.09),
  car('BMW', 'X5', [2012, 2024], [2017, 3_900_000], 0.09),
  car('Mercedes-Benz', 'E-Класс', [2012, 2024], [2018, 3_500_000], 0.09),
  car('Mercedes-Benz', 'GLE', [2016, 2024], [2019, 6_000_000], 0.09),
  car('Audi', 'A6', [2012, 2024], [2018, 3_000_000], 0.09),
  car('Audi', 'Q5', [2012, 2024], [2018, 3_100_000], 0.09),
  car('Mazda', 'CX-5', [2012, 2024], [2018, 2_300_000]),
  car('Mazda', '6', [2012, 2023], [2018, 1_900_000]),
  car('Ford', 'Focus', [2010, 2019], [2016, 900_000], 0.08),
  car('Mitsubishi', 'Outlander', [2012, 2022], [2018, 2_100_000]),
  car('Honda', 'CR-V', [2010, 2022], [2017, 2_300_000]),
  car('Lexus', 'RX', [2012, 2024], [2018, 4_200_000]),
  car('Haval', 'Jolion', [2021, 2025], [2022, 1_800_000], 0.08),
  car('Chery', 'Tiggo 7 Pro', [2020, 2024], [2022, 1_950_000], 0.08),
  car('Geely', 'Monjaro', [2022, 2025], [2023, 3_600_000], 0.08),
  car('Geely', 'Coolray', [2020, 2025], [2021, 1_650_000], 0.08),
  car('УАЗ', 'Patriot', [2012, 2024], [2019, 1_050_000]),
  moto('BMW', 'R 1250 GS', [2019, 2024], [2019, 1_900_000]),
  moto('Honda', 'Africa Twin', [2017, 2023], [2019, 1_250_000]),
  moto('Kawasaki', 'Ninja 650', [2017, 2023], [2019, 650_000]),
];

/** Extra photo captions; each gets one shared image, reused as 2nd and 3rd photos. */
export const demoDetailViews = ['Салон', 'Вид сзади', 'Приборная панель', 'Багажник', 'Колёса', 'Двигатель'] as const;

/** Demo aggregation sources: each city group posts to its own channel, the rest to a federal one. */
export const demoChannels = {
  Москва: 'auto_msk_demo',
  'Санкт-Петербург': 'avto_spb_demo',
  Екатеринбург: 'cars_ekb_demo',
  Новосибирск: 'auto_nsk_demo',
  other: 'auto_russia_demo',
} as const;

/** Exactly one of these per listing, so a description never contradicts itself. */
export const bodyConditions = [
  'Машина в отличном состоянии, не бита, не крашена.',
  'Один элемент окрашен (заднее крыло), остальное в родной краске.',
  'Состояние хорошее, есть мелкие сколы по кузову, салон чистый.',
  'Кузов без ржавчины, по толщиномеру всё родное.',
] as const;

export const motoConditions = [
  'Мотоцикл в отличном состоянии, не падал.',
  'Есть мелкие потёртости на пластике, технически полностью исправен.',
  'Хранился в тёплом гараже, сезонное ТО пройдено, масло свежее.',
] as const;

export const serviceNotes = [
  'Обслуживание строго по регламенту, вся история в сервисной книжке.',
  'Вложений не требует, сел и поехал.',
  'Недавно пройдено ТО: заменены масло, фильтры и тормозные колодки.',
  'Не такси, не каршеринг, гаражное хранение.',
  'Юридически чистая, ограничений ГИБДД нет.',
] as const;

export const carEquipment = [
  'климат-контроль',
  'подогрев передних сидений',
  'камера заднего вида',
  'парктроники спереди и сзади',
  'круиз-контроль',
  'мультимедиа с CarPlay и Android Auto',
  'светодиодные фары',
  'кожаный салон',
  'подогрев руля',
  'датчики дождя и света',
  'бесключевой доступ',
  'зимняя резина на дисках в комплекте',
] as const;

export const motoEquipment = [
  'ABS',
  'трекшн-контроль',
  'кофры',
  'защитные дуги',
  'подогрев ручек',
  'высокое ветровое стекло',
  'новая резина',
] as const;

export const closingPhrases = [
  'Торг уместен.',
  'Торг у капота.',
  'Небольшой торг.',
  'Без торга, цена окончательная.',
] as const;
