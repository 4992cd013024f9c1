import { selectPlural } from '@autoradar/core';
// Russian texts of the listing page (spec §2 /posts/:id). Texts shared with the API or the bot live in core's MESSAGES.

// ru-RU groups digits with non-breaking spaces; the unit stays on the same line as the number.
const NBSP = '\u00a0';

export const postMessages = {
  documentTitle: (title: string, appName: string) => `${title} — ${appName}`,
  loading: 'Загружаем объявление…',
  back: 'Назад',
  home: 'На главную',
  retry: 'Повторить',
  openExternal: 'Перейти к объявлению',
  share: 'Поделиться',
  shareCopied: 'Ссылка на объявление скопирована',
  shareFailed: 'Не удалось скопировать ссылку',
  priceMissing: 'Цена не указана',
  details: 'Характеристики',
  year: 'Год выпуска',
  mileage: 'Пробег',
  mileageValue: (km: string) => `${km}${NBSP}км`,
  location: 'Город',
  published: 'Опубликовано',
  description: 'Описание',
  source: (channel: string) => `Источник: ${channel}`,
  media: {
    label: 'Фото и видео',
    previous: 'Предыдущее',
    next: 'Следующее',
    show: (position: number, total: number) => `Показать ${position} из ${total}`,
  },
} as const;

export const postActionMessages = {
  orderInspection: 'Заказать осмотр',
  support: 'Написать в поддержку',
  supportHint: 'Что-то не так с объявлением?',
  unpublishedTitle: 'Объявление снято с публикации',
  unpublishedText: 'Его больше нет в ленте и поиске.',
  admin: {
    open: 'Действия администратора',
    title: 'Действия с объявлением',
    unpublish: 'Снять с публикации',
    confirmTitle: 'Снять объявление с публикации?',
    confirmText: 'Объявление исчезнет из ленты и поиска у всех пользователей.',
    confirm: 'Снять',
    cancel: 'Отмена',
    failed: 'Не удалось снять объявление с публикации',
  },
  inspection: {
    title: 'Заказать осмотр',
    intro: (price: string) =>
      `Осмотр автомобиля перед покупкой — от ${price}. Оставьте контакт: специалист свяжется с вами, согласует время и место и проверит кузов, двигатель, ходовую часть и документы.`,
    contacts: 'Контакт для связи',
    contactsPlaceholder: 'Телефон или Telegram',
    comment: 'Комментарий (необязательно)',
    commentPlaceholder: 'Удобное время, вопросы к продавцу',
  },
  embed: {
    label: 'Публикация в источнике',
  },
} as const;

/** The price history block of the listing page (issue 33). */
export const priceHistoryMessages = {
  title: 'История цены',
  chartLabel: (count: number) =>
    `График цены: ${count} ${selectPlural(count, { one: 'значение', few: 'значения', many: 'значений' })}`,
  since: (change: string, span: string) => `${change} ${span}`,
  unchanged: (date: string) => `Цена не менялась с ${date}`,
  firstSeen: 'Впервые замечено',
} as const;

/** Facts from a VIN report on the listing page (issue 33). */
export const vinFactsMessages = {
  title: 'Проверка по VIN',
  owners: 'Владельцев',
  registrations: 'Периоды регистрации',
  restrictions: 'Ограничения',
  restrictionsFound: 'Найдены',
  restrictionsNone: 'Не найдены',
  osago: 'ОСАГО',
  osagoActive: 'Действует',
  osagoNone: 'Нет действующего полиса',
  period: (from: number, to: number | null) => (to === null ? `с ${from}` : from === to ? `${from}` : `${from}–${to}`),
  checkedAt: (date: string) => `По отчёту от ${date}`,
} as const;
