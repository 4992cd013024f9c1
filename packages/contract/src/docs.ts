import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerText, HtmlPageSchema } from './fields';
import { named } from './schema-names';

/** The document generateOpenApi builds; described loosely so the document does not describe itself. */
export const OpenApiDocumentResponseSchema = named('OpenApiDocumentResponse', z.record(answerText(100), z.unknown()));

export const docsEndpoints = {
  openApi: defineEndpoint({
    method: 'GET',
    path: '/api/docs/openapi.json',
    summary: 'The OpenAPI 3.1 document generated from this contract',
    auth: 'guest',
    responses: { 200: OpenApiDocumentResponseSchema },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/docs',
    summary: 'Browsable API documentation',
    auth: 'guest',
    html: true,
    responses: { 200: HtmlPageSchema },
  }),
};
