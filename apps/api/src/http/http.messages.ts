// The HTTP layer's own answers: the error envelope's texts for what the server refuses before a route runs
// (plugins/errors.ts), multipart reading, and the shell page when the UI is not built (plugins/spa.ts).
import { selectPlural } from '@autoradar/core';

const SECONDS_ACCUSATIVE = { one: 'секунду', few: 'секунды', many: 'секунд' };

export const HTTP_MESSAGES = {
  badRequest: 'Некорректный запрос',
  invalidJson: 'Тело запроса — некорректный JSON',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса',
  tooLarge: 'Слишком большой запрос',
  tooMany: 'Слишком много запросов, попробуйте позже',
  /** A rate limit's 429 (http/rate-limits.ts): how long to wait. */
  tooManyRetryIn: (seconds: number) =>
    `Слишком много запросов. Попробуйте через ${seconds} ${selectPlural(seconds, SECONDS_ACCUSATIVE)}.`,
  badUrl: 'Некорректный адрес запроса',
  uriTooLong: 'Слишком длинный адрес запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  timeout: 'Истекло время ожидания запроса',
  expectationFailed: 'Заголовок Expect не поддерживается',
  tooManyFiles: (max: number) => `Можно отправить не более ${max} файлов за раз`,
  tooManyFields: 'Слишком много полей в запросе',
  unreadableForm: 'Не удалось прочитать отправленную форму: попробуйте ещё раз',
  uiNotBuiltTitle: 'Интерфейс не собран',
  /** HTML: the command is marked up as code. */
  uiNotBuilt: 'Интерфейс не собран: выполните <code>pnpm build</code> и перезапустите сервер.',
} as const;
