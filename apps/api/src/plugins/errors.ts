import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { isDatabaseUnavailable } from '@autoradar/db';
import { DomainError } from '@autoradar/server/domain-error';
import { refusalOf } from '../http/http-error';
import { HTTP_MESSAGES } from '../http/http.messages';

// One error envelope for every failure: { message, errors? } (packages/contract), Russian texts, never a stack.

const BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.tooLarge,
  FST_ERR_BAD_URL: HTTP_MESSAGES.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: HTTP_MESSAGES.uriTooLong,
};

/** The message of a 4xx the server answers by itself, from the error code or the status. */
function clientErrorMessage(code: string | undefined, status: number): string {
  const byCode = code ? BY_CODE[code] : undefined;
  if (byCode) return byCode;
  switch (status) {
    case 404:
      return MESSAGES.notFound;
    case 408:
      return HTTP_MESSAGES.timeout;
    case 413:
      return HTTP_MESSAGES.tooLarge;
    case 414:
      return HTTP_MESSAGES.uriTooLong;
    case 429:
      return HTTP_MESSAGES.tooMany;
    case 417:
      return HTTP_MESSAGES.expectationFailed;
    case 431:
      return HTTP_MESSAGES.headersTooLarge;
    default:
      return HTTP_MESSAGES.badRequest;
  }
}

/**
 * Errors Fastify answers before any route runs: a URL that does not decode (`/api/posts/%`, FST_ERR_BAD_URL) and a
 * path parameter past maxParamLength (414). By default Fastify writes its own English body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code }, 'framework error');
  void reply.status(status).send({ message: clientErrorMessage(error.code, status) });
}

/**
 * Requests the HTTP parser refuses never reach Fastify (malformed request line, headers past the size limit, a
 * timeout): the answer is written to the socket by hand, in the same envelope, then the connection is closed. Any
 * node:http server can use it (`server.on('clientError', answerClientError)`), the realtime port's too.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (socket.writable) {
    const body = JSON.stringify({ message: clientErrorMessage(undefined, status) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  this.log.debug({ err }, 'client error');
  answerClientError(err, socket);
}

/**
 * The Fastify options that route the framework's own refusals through the envelope above. Node refuses an HTTP/1.1
 * request without Host by itself with an empty 400; it is let through here and refused by the hook below instead.
 */
export const errorServerOptions = {
  frameworkErrors,
  clientErrorHandler,
  http: { requireHostHeader: false },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (httpVersionMajor === 1 && httpVersionMinor >= 1 && request.headers.host === undefined) {
      throw new DomainError('bad_request', HTTP_MESSAGES.badRequest);
    }
  });
  // An Expect other than 100-continue: node answers an empty 417 unless someone listens.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ message: HTTP_MESSAGES.expectationFailed });
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal) {
      return reply
        .status(refusal.statusCode)
        .send(refusal.errors ? { message: refusal.message, errors: refusal.errors } : { message: refusal.message });
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[key] ??= []).push(MESSAGES.validationFailed);
      }
      return reply.status(422).send({ message: MESSAGES.validationFailed, errors });
    }
    // The database stopped or restarting: nothing was written, the client may try again (the pool reconnects by
    // itself when it is back, with no restart of the API).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '10').send({ message: MESSAGES.serviceUnavailable });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: MESSAGES.internalError });
    }
    return reply.status(status).send({ message: clientErrorMessage(error.code, status) });
  });
}
