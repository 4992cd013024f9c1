import type { FastifyInstance } from 'fastify';
import { CLIENT_ERROR_MAX_BYTES, contract } from '@autoradar/contract';
import { redactText } from '@autoradar/server/log-redact';
import { limited } from '../../http/rate-limits';
import { route } from '../../http/route';

/**
 * Errors the apps meet in a browser (a render error, a chunk that did not load): one warning line each, with the
 * request id Fastify's logger adds, the page and the user when signed in. No auth, 16 KB at most, limited per address.
 */
export function clientErrorsRoutes(app: FastifyInstance): void {
  route(
    app,
    contract.clientErrors.report,
    async ({ body, user, request }) => {
      request.log.warn(
        {
          clientError: {
            message: redactText(body.message),
            url: redactText(body.url),
            stack: body.stack ? redactText(body.stack) : null,
          },
          userId: user?.id ?? null,
        },
        'client error',
      );
      return { status: 204, body: undefined };
    },
    { ...limited(app, 'clientError'), bodyLimit: CLIENT_ERROR_MAX_BYTES },
  );
}
