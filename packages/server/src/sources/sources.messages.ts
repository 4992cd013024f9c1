import { formatNumber, selectPlural, type PluralForms } from '@autoradar/core';
import { SOURCE_STATE_LABELS } from '@autoradar/core/source-links';

// What the operator reads about a source that cannot be read («Источники», the sources CLI), in one place.

const SECONDS: PluralForms = { one: 'секунду', few: 'секунды', many: 'секунд' };
const MINUTES: PluralForms = { one: 'минуту', few: 'минуты', many: 'минут' };
const HOURS: PluralForms = { one: 'час', few: 'часа', many: 'часов' };
const count = (n: number, forms: PluralForms) => `${formatNumber(n)} ${selectPlural(n, forms)}`;

/** 30 секунд, 5 минут, 3 часа: the wait in the unit an operator reads it in. */
function wait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return count(seconds, SECONDS);
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return count(minutes, MINUTES);
  return count(Math.ceil(minutes / 60), HOURS);
}

export const sourceMessages = {
  channelNotFound: (name: string) =>
    `Канал @${name} не найден: его удалили или переименовали. Укажите новое имя канала или удалите источник.`,
  previewDisabled: (name: string) =>
    `У @${name} нет веб-просмотра (t.me/s/${name}): владелец отключил его, Telegram скрыл канал или это не публичный канал. Такой канал читается только через MTProto (TELEGRAM_API_ID, TELEGRAM_API_HASH, TELEGRAM_SESSION).`,
  previewEmpty: (name: string) =>
    `Веб-просмотр @${name} не показывает ни одного поста: просмотр скрыт или канал пуст. Опубликованные объявления не снимаются.`,
  renamed: (name: string, newName: string) =>
    `Канал @${name} теперь называется @${newName}: измените источник на @${newName}.`,
  tgRateLimited: (ms: number) => `Telegram ограничил частоту запросов: следующая попытка через ${wait(ms)}.`,
  tgTimeout: (ms: number) => `Telegram не ответил за ${wait(ms)}: попробуем позже.`,
  tgNetwork: (detail: string) => `Не удалось связаться с Telegram (${detail}): попробуем позже.`,
  tgHttpStatus: (status: number) => `Telegram ответил кодом ${status}: попробуем позже.`,
  tgUnreadable: (name: string) =>
    `Страница t.me/s/${name} не разобрана: на ней нет ленты канала. Возможно, Telegram изменил разметку.`,
  mtprotoPrivate: (name: string) =>
    `Канал @${name} закрыт для нашей учётной записи Telegram: он частный или нас в нём заблокировали.`,
  mtprotoAuth: 'Сессия Telegram (TELEGRAM_SESSION) больше не действует: создайте новую командой telegram-session.',
  mtprotoFloodWait: (ms: number) => `Telegram попросил подождать (FLOOD_WAIT): следующая попытка через ${wait(ms)}.`,
  mtprotoError: (code: string) => `Telegram вернул ошибку ${code}: попробуем позже.`,
  vkTooManyRequests: (ms: number) =>
    `ВКонтакте: слишком много запросов в секунду (ошибка 6), следующая попытка через ${wait(ms)}.`,
  vkFloodControl: (ms: number) => `ВКонтакте: контроль флуда (ошибка 9), стена ждёт ${wait(ms)}.`,
  vkRateLimit: (ms: number) =>
    `ВКонтакте: исчерпан лимит вызовов wall.get для токена (ошибка 29), все стены ждут ${wait(ms)}.`,
  vkAuth: 'ВКонтакте не принял токен (VK_TOKEN): проверьте его.',
  vkWallClosed: (ownerId: string) =>
    `Стена ${ownerId} ВКонтакте недоступна: сообщество закрыто, удалено или заблокировано.`,
  vkError: (code: number, text: string) => `ВКонтакте вернул ошибку ${code} (${text}): попробуем позже.`,
} as const;

export const mediaFetchMessages = {
  badUrl: 'Адрес фотографии не разобран',
  protocol: 'Фотографии загружаются только по http(s)',
  hostNotAllowed: (host: string) => `Хост ${host} не входит в SOURCE_MEDIA_HOSTS`,
  privateAddress: (host: string, address: string) =>
    `Хост ${host} указывает на внутренний адрес ${address}; такие адреса разрешены только названным в SOURCE_MEDIA_HOSTS`,
  tooLarge: (maxBytes: number) => `Фотография больше ${formatNumber(Math.floor(maxBytes / 1024))} КБ`,
  timeout: (ms: number) => `Фотография не загрузилась за ${formatNumber(Math.ceil(ms / 1000))} с`,
  httpStatus: (status: number) => `CDN ответил кодом ${status}`,
  tooManyRedirects: 'Слишком много перенаправлений',
  network: (detail: string) => `Ошибка сети: ${detail}`,
} as const;

/** A source's state as «Источники» and the CLI name it. */
export const sourceStateLabel = SOURCE_STATE_LABELS;

export const schedulerMessages = {
  failingDay: (message: string) => `Источник не читается больше суток. ${message}`,
  unexpected: (detail: string) => `Чтение источника прервалось из-за ошибки сервера (${detail}): попробуем позже.`,
  noReader: (via: string) => `Читатель ${via} не настроен на этом сервере: источник не читается.`,
} as const;
