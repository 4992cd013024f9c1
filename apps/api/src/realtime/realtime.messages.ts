import { HTTP_API_TIMESTAMP_WINDOW_SECONDS, type HttpApiRejection } from './signatures';

// Answers of the Pusher HTTP API on the websocket port (publishers: the bot, other instances, Pusher SDKs).
export const REALTIME_MESSAGES = {
  rejections: {
    missing: 'Запрос не подписан: нужны auth_key, auth_timestamp и auth_signature',
    key: 'Неизвестный ключ приложения (auth_key)',
    timestamp: `Метка времени auth_timestamp расходится с часами сервера больше чем на ${HTTP_API_TIMESTAMP_WINDOW_SECONDS} с`,
    body_md5: 'body_md5 не совпадает с телом запроса',
    signature: 'Неверная подпись запроса (auth_signature)',
  } satisfies Record<HttpApiRejection, string>,
  appNotFound: 'Приложение не найдено',
  tooLarge: (maxBytes: number) => `Слишком большой запрос: не больше ${maxBytes} байт`,
  busUnavailable: 'Событие не отправлено: шина событий недоступна',
} as const;
