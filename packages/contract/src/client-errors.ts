import { MESSAGES, stripForbiddenChars, URL_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { NoBodySchema } from './fields';
import { named } from './schema-names';

import { CLIENT_ERROR_MESSAGE_MAX_LENGTH, CLIENT_ERROR_STACK_MAX_LENGTH } from './client-error-limits';

export * from './client-error-limits';

/**
 * What a browser tells the server about an error it met (a render error, a chunk that did not load). The texts come
 * from the browser, not from a person: characters no text may carry are dropped rather than refused; the apps cut
 * the texts to these lengths before sending (packages/ui/src/app/client-errors.ts).
 */
const browserText = (max: number) =>
  z.string({ error: MESSAGES.invalidValue }).max(max, MESSAGES.maxLength(max)).overwrite(stripForbiddenChars);

export const ClientErrorReportSchema = named(
  'ClientErrorReport',
  z.object({
    message: browserText(CLIENT_ERROR_MESSAGE_MAX_LENGTH),
    url: browserText(URL_MAX_LENGTH),
    stack: browserText(CLIENT_ERROR_STACK_MAX_LENGTH).nullable().optional(),
  }),
);
export type ClientErrorReport = z.input<typeof ClientErrorReportSchema>;

export const clientErrorsEndpoints = {
  report: defineEndpoint({
    method: 'POST',
    path: '/api/client-errors',
    summary: 'Report an error a browser met (logged with the request id)',
    auth: 'guest',
    body: ClientErrorReportSchema,
    responses: { 204: NoBodySchema },
  }),
};
