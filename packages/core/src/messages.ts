// Every Russian text that a rule, a formatter or the API returns. UI labels that no rule depends on live in packages/ui.
import { PRICE_MAX, PRICE_MIN, type ContactType } from './constants';
import { formatNumber } from './format-number';
import { selectPlural, type PluralForms } from './plural';

// After 'не более' Russian takes the genitive: 1 символа, 2 символов, 21 символа.
const CHARACTERS_GENITIVE: PluralForms = { one: 'символа', few: 'символов', many: 'символов', other: 'символа' };
const ITEMS_GENITIVE: PluralForms = { one: 'значения', few: 'значений', many: 'значений', other: 'значения' };

export const MESSAGES = {
  // Field validation (spec §5)
  required: 'Обязательное поле',
  fieldRequired: 'Поле обязательно для заполнения',
  invalidYear: 'Некорректный год',
  mustBePositive: 'Значение должно быть больше 0',
  invalidValue: 'Некорректное значение',
  maxLength: (max: number) => `Не более ${max} ${selectPlural(max, CHARACTERS_GENITIVE)}`,
  contactRequired: 'Укажите хотя бы один контакт',
  invalidContactType: 'Неизвестный тип контакта',
  invalidPhone: 'Некорректный номер телефона',
  invalidTelegram: 'Некорректное имя пользователя Telegram',
  invalidWhatsapp: 'Некорректный номер WhatsApp',
  invalidEmail: 'Некорректный e-mail',
  invalidVk: 'Некорректная ссылка ВКонтакте',
  invalidPhotoType: 'Допустимы только изображения JPEG, PNG, GIF и WebP',
  priceOutOfRange: `Цена должна быть от ${formatNumber(PRICE_MIN)} до ${formatNumber(PRICE_MAX)}`,
  priceOrder: 'Цена «от» не может быть больше цены «до»',
  yearOrder: 'Год «от» не может быть больше года «до»',
  filterNameRequired: 'Введите название фильтра',
  deliveryRequired: 'Выберите, куда присылать уведомления',
  emailUnavailable: 'Добавьте e-mail в профиль, чтобы получать уведомления на почту',
  telegramUnavailable: 'Подключите Telegram, чтобы получать уведомления в мессенджере',
  worktimeRequired: 'Укажите рабочее время',
  worktimeDaysRequired: 'Выберите хотя бы один день',
  invalidWeekday: 'Некорректный день недели',
  invalidTime: 'Некорректное время',
  worktimeSameTime: 'Время начала и окончания не должны совпадать',
  partnerTitleRequired: 'Название обязательно',
  partnerUrlRequired: 'Ссылка обязательна',
  invalidUrl: 'Некорректный URL',
  partnerLogoRequired: 'Логотип обязателен',
  invalidVin: 'Некорректный VIN',
  invalidTicket: 'Некорректный номер заявки',
  invalidId: 'Некорректный идентификатор',
  forbiddenChars: 'Текст содержит недопустимые символы',
  maxValue: (max: number) => `Не больше ${formatNumber(max)}`,
  minValue: (min: number) => `Не меньше ${formatNumber(min)}`,
  maxItems: (max: number) => `Не более ${formatNumber(max)} ${selectPlural(max, ITEMS_GENITIVE)}`,
  invalidDate: 'Некорректная дата',

  // Error catalogue (spec §8)
  serverError: (message: string) => `Ошибка сервера: ${message}`,
  connectionProblem: 'Проблемы с соединением. Проверьте интернет',
  genericError: (message: string) => `Ошибка: ${message}`,
  unknownError: 'Неизвестная ошибка',
  publishSuccess: 'Объявление успешно опубликовано',
  draftSaved: 'Черновик сохранён',
  submitFailed: 'Ошибка при отправке формы',
  paymentFailed: 'Не удалось перейти к оплате',
  partnerSaveFailed: 'Ошибка сохранения данных',
  partnerLoadFailed: 'Не удалось загрузить данные партнера',
  loadFailed: 'Не удалось загрузить данные',
  promptDeleteFailed: 'Не удалось удалить промпт',
  promptSaveFailed: 'Не удалось сохранить промпт',
  orderCreateFailed: 'Не удалось создать заказ',
  reportDownloadFailed: 'Не удалось скачать отчет',
  uploadFailed: 'Ошибка',
  // The spec quotes these two in English; they are stored state, not shown prose.
  realtimeConnectionFailed: 'Connection failed',
  tickerError: 'error',

  // Errors the API answers with (one envelope: { message, errors? })
  validationFailed: 'Проверьте правильность заполнения полей',
  unauthenticated: 'Требуется авторизация',
  forbidden: 'Недостаточно прав',
  proRequired: 'Доступно только с тарифом PRO',
  notFound: 'Не найдено',
  invalidInitData: 'Не удалось проверить данные Telegram',
  testPeriodUsed: 'Тестовый период уже был активирован',
  databaseUnavailable: 'База данных недоступна',
  serviceUnavailable: 'Сервис временно недоступен. Попробуйте ещё раз через минуту',
  internalError: 'Внутренняя ошибка сервера',

  // Empty states
  nothingFound: 'Ничего не найдено',
  keysNotFound: 'Ключи не найдены',
  reportsNotFound: 'Отчеты не найдены',
  noModels: 'Нет доступных моделей',
  noNotes: 'Нет избранных записей',
  noBrandSelected: 'Сначала выберите марку',

  // Tariff and support
  testPeriodExpired: 'Доступ истек',
  ticketSent: 'Заявка отправлена!',

  // Time ago
  justNow: 'только что',
  yesterdayAt: (time: string) => `вчера в ${time}`,
} as const;

export const ORDER_STATUS_LABELS = {
  new: 'Ожидает',
  processing: 'В обработке',
  completed: 'Завершён',
  failed: 'Ошибка',
} as const;

export const REPORT_SECTION_TITLES = {
  baseInfo: 'Основная информация',
  ownershipPeriods: 'Периоды владения',
  osago: 'Полисы ОСАГО',
  restrictions: 'Ограничения',
} as const;

export const OWNERSHIP_OPERATION_LABELS = {
  '01': 'Первичная регистрация',
  '03': 'Снятие с учёта',
  '12': 'Перерегистрация',
  '62': 'Смена владельца',
  '69': 'Временная регистрация',
} as const;

export const OWNER_TYPE_LABELS = {
  natural: 'Физическое лицо',
  legal: 'Юридическое лицо',
} as const;

export const SEND_MODE_LABELS = {
  immediately: 'Сразу',
  worktime: 'В рабочее время',
} as const;

export const DELIVERY_CHANNEL_LABELS = {
  email: 'E-mail',
  telegram: 'Telegram',
} as const;

/** A listing's contact kinds: the sell form's choices and the contacts paragraph of the published listing. */
export const CONTACT_TYPE_LABELS = {
  phone: 'Телефон',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  vk: 'ВКонтакте',
} as const satisfies Record<ContactType, string>;

export const KBM_LABELS = {
  discount: (percent: number) => `Скидка ${percent}%`,
  surcharge: (percent: number) => `Надбавка ${percent}%`,
  base: 'Без скидки и надбавки',
} as const;

export const unknownOperationLabel = (code: string) => `Операция ${code}`;
