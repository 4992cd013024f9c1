import type { FastifyError, FastifyInstance } from 'fastify';

// One error envelope for every failure: { message, errors? } (packages/contract), Russian texts, never a stack.
export const MESSAGES = {
  notFound: 'Не найдено',
  badRequest: 'Некорректный запрос',
  invalidJson: 'Тело запроса — некорректный JSON',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса',
  validation: 'Проверьте введённые данные',
  tooLarge: 'Слишком большой запрос',
  tooMany: 'Слишком много запросов, попробуйте позже',
  internal: 'Внутренняя ошибка сервера. Мы уже разбираемся',
} as const;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.['missingProperty'] ?? '_');
        (errors[key] ??= []).push(v.message ?? MESSAGES.validation);
      }
      return reply.status(422).send({ message: MESSAGES.validation, errors });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: MESSAGES.internal });
    }
    const byCode: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
      FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
      FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
    };
    const message =
      (error.code ? byCode[error.code] : undefined) ??
      (status === 413 ? MESSAGES.tooLarge : status === 429 ? MESSAGES.tooMany : status === 404 ? MESSAGES.notFound : /[а-яё]/i.test(error.message) ? error.message : MESSAGES.badRequest);
    return reply.status(status).send({ message });
  });
}
