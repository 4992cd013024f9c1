import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES as CORE } from '@autoradar/core';
import { HttpError } from '../http/http-error';

// One error envelope for every failure: { message, errors? } (packages/contract), Russian texts, never a stack.
export const MESSAGES = {
  notFound: CORE.notFound,
  validation: CORE.validationFailed,
  internal: CORE.internalError,
  badRequest: 'Некорректный запрос',
  invalidJson: 'Тело запроса — некорректный JSON',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса',
  tooLarge: 'Слишком большой запрос',
  tooMany: 'Слишком много запросов, попробуйте позже',
} as const;

const BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.tooLarge,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[key] ??= []).push(MESSAGES.validation);
      }
      return reply.status(422).send({ message: MESSAGES.validation, errors });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: MESSAGES.internal });
    }
    const message =
      (error.code ? BY_CODE[error.code] : undefined) ??
      (status === 413 ? MESSAGES.tooLarge : status === 429 ? MESSAGES.tooMany : status === 404 ? MESSAGES.notFound : MESSAGES.badRequest);
    return reply.status(status).send({ message });
  });
}
