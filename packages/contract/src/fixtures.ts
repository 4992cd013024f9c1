// Spec-shaped sample values that satisfy the contract's schemas, for this package's tests and for API, UI and bot
// tests that need a realistic payload (import '@autoradar/contract/fixtures'). The tests parse each one.
import type { z } from 'zod';
import type { Draft } from './drafts';
import type { Filter } from './filters';
import type { Order, OrderPart, Partner, Prompt } from './partners';
import type { Post } from './posts';
import type { Brand, City, Configuration, Generation, Model } from './reference';
import type { SendSupportRequestSchema } from './support';
import type { User } from './user';

export const sampleUser: User = {
  id: 1,
  email: 'ivan@example.ru',
  has_telegram: true,
  roles: [],
  is_pro: true,
  pro_expired: '2025-07-15T12:00:00.000Z',
  started_at: null,
  photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
  name: 'Иван Петров',
  first_name: 'Иван',
  last_name: 'Петров',
  username: 'ivan_petrov',
};

export const samplePost: Post = {
  id: 42,
  mark: 'Toyota',
  model: 'Camry',
  title: 'Toyota Camry 2.5 AT, 2018',
  year: 2018,
  price: 2_350_000,
  currency: 'RUB',
  mileage: 87_000,
  text: '<p>Один владелец, обслуживание у дилера.</p>',
  location: 'Казань',
  published_at: '2025-06-15T09:30:00.000Z',
  isNew: true,
  isUpdated: false,
  mediaFiles: [
    { type: 'photo', url: '/media/42/1.jpg', url_sm: '/media/42/1_sm.jpg', title: null },
    { type: 'video', src: '/media/42/walkaround.mp4', poster: '/media/42/poster.jpg', title: 'Обзор' },
  ],
  vk_owner_id: null,
  vk_post_id: null,
  hash: 'c0ffee',
  url: null,
  channel: 'site',
  message_id: null,
  brand_id: 1,
  model_id: 10,
  city_id: 100,
  status: 'published',
};

export const sampleBrand: Brand = { id: 1, name: 'Toyota', icon: null, popular: true, synonyms: ['Тойота'] };
export const sampleModel: Model = { id: 10, name: 'Camry', synonyms: ['Камри'], car_brand_id: 1 };
export const sampleGeneration: Generation = { id: 5, name: 'XV70', yearFrom: 2017, yearTo: null };
export const sampleConfiguration: Configuration = { id: 7, name: 'Седан' };
export const sampleCity: City = { id: 100, city: 'Казань', region: 'Татарстан', region_type: 'Респ', synonyms: [] };

export const sampleFilter: Filter = {
  id: 3,
  name: 'Камри до 2,5 млн',
  brands: [1],
  models: [10],
  cities: [100],
  priceFrom: null,
  priceTo: 2_500_000,
  yearFrom: 2015,
  yearTo: null,
  goodPriceOnly: false,
  active: true,
  send_mode: 'worktime',
  worktime_settings: { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
  via: ['telegram'],
};

export const sampleDraft: Draft = {
  id: 9,
  year: 2018,
  mileage: 87_000,
  price: 2_350_000,
  city: 'Казань',
  description: 'Один владелец',
  media: [{ id: 1, src: '/media/drafts/9/1.jpg', main: true }],
  contacts: [{ id: 1, type: 'phone', value: '+7 999 123-45-67' }],
  brand_id: 1,
  model_id: 10,
  generation_id: 5,
  configuration_id: 7,
};

export const sampleSupportRequest: z.input<typeof SendSupportRequestSchema> = {
  message: 'Не приходят уведомления',
  contacts: '@ivan_petrov',
  ticket: '15625-123',
  url: 'https://autoradar.example/search',
};

export const samplePartner: Partner = {
  id: 2,
  title: 'Автоистория',
  url: 'https://reports.example.ru',
  logo: '/media/partners/2.png',
  description: null,
};

export const samplePrompt: Prompt = {
  id: 4,
  key: 'summary',
  title: 'Итог',
  text: 'Кратко опиши историю.',
  position: 0,
};

export const sampleOrder: Order = {
  id: 11,
  partner_id: 2,
  string: 'XTA21703080123456',
  status: 'completed',
  created_at: '2025-06-15T10:00:00.000Z',
  result: {
    baseInfo: {
      status: 'completed',
      value: { vin: 'XTA21703080123456', year: 2008, model: 'ВАЗ 21703', powerHp: 98, engineVolume: 1596 },
    },
    ownershipPeriods: {
      status: 'completed',
      value: [
        { owner: 'natural', startDate: '2008-05-01', endDate: '2015-03-12', operation: '01' },
        { owner: 'natural', startDate: '2015-03-12', endDate: null, operation: '62' },
      ],
    },
    osago: { status: 'completed', value: [{ insuranceNumber: 'ХХХ 0123456789', kbm: 0.9, isActive: true }] },
    restrictions: { status: 'completed', value: [] },
  },
};

export const sampleOrderParts: OrderPart[] = [
  { id: 1, key: 'baseInfo', title: 'Основная информация' },
  { id: 2, key: 'ownershipPeriods', title: 'Периоды владения' },
  { id: 3, key: 'osago', title: 'Полисы ОСАГО' },
  { id: 4, key: 'restrictions', title: 'Ограничения' },
];
