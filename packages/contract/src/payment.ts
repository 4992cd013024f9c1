import { MESSAGES, PRO_PRICE_RUB, TOKEN_MAX_LENGTH, URL_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerText, HtmlPageSchema, intSchema, NoBodySchema, textSchema } from './fields';
import { named } from './schema-names';

/** Identifiers and codes another service writes (payment ids, event names, statuses). */
const TokenSchema = textSchema({ max: TOKEN_MAX_LENGTH });

/**
 * The client sends what it shows (core getPaymentSum); the server computes the price itself and never trusts `sum`
 * (DESIGN §4).
 */
export const PayRequestSchema = named(
  'PayRequest',
  z.object({
    pro: z.boolean({ error: MESSAGES.invalidValue }),
    // What core's getPaymentSum can show: 0 or the PRO price.
    sum: intSchema({ min: 0, max: PRO_PRICE_RUB, message: MESSAGES.invalidValue }),
  }),
);
/** The checkout page the browser is sent to. */
export const PayResponseSchema = named('PayResponse', z.object({ url: answerText(URL_MAX_LENGTH) }));

/**
 * A YooKassa notification. Only the payment id is trusted: the API re-reads the payment from YooKassa before
 * granting PRO, so the rest is accepted as sent.
 */
export const YookassaWebhookRequestSchema = named(
  'YookassaWebhookRequest',
  z.looseObject({
    type: z.literal('notification'),
    event: TokenSchema,
    object: z.looseObject({ id: textSchema({ max: TOKEN_MAX_LENGTH, required: true }), status: TokenSchema }),
  }),
);
export const YookassaWebhookResponseSchema = named('YookassaWebhookResponse', z.object({}));

export const SandboxPaymentParamsSchema = z.object({
  paymentId: textSchema({ max: TOKEN_MAX_LENGTH, required: true }),
});
export const SandboxPaymentActionRequestSchema = named(
  'SandboxPaymentActionRequest',
  z.object({ action: z.enum(['succeed', 'cancel'], { error: MESSAGES.invalidValue }) }),
);

export const paymentEndpoints = {
  pay: defineEndpoint({
    method: 'POST',
    path: '/api/payment/yookassa/pay',
    summary: 'Create a PRO payment and return the checkout URL',
    auth: 'user',
    body: PayRequestSchema,
    responses: { 200: PayResponseSchema },
  }),
  yookassaWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payment/yookassa/webhook',
    summary: 'YooKassa payment notification',
    auth: 'guest',
    body: YookassaWebhookRequestSchema,
    responses: { 200: YookassaWebhookResponseSchema },
  }),
  /**
   * Without shop credentials the API serves its own checkout page, driving the same state machine locally
   * (DESIGN §4).
   */
  sandboxCheckout: defineEndpoint({
    method: 'GET',
    path: '/payment/sandbox/:paymentId',
    summary: 'Sandbox checkout page (no shop credentials configured)',
    auth: 'guest',
    params: SandboxPaymentParamsSchema,
    html: true,
    responses: { 200: HtmlPageSchema, 404: HtmlPageSchema },
  }),
  /** The sandbox page's form: settles the payment, then redirects to /payment/success or /payment/fail. */
  sandboxComplete: defineEndpoint({
    method: 'POST',
    path: '/payment/sandbox/:paymentId',
    summary: 'Settle a sandbox payment',
    auth: 'guest',
    params: SandboxPaymentParamsSchema,
    body: SandboxPaymentActionRequestSchema,
    formUrlEncoded: true,
    redirect: true,
    // A form post from the sandbox page: a path that names no payment answers the page's HTML not-found.
    responses: { 302: NoBodySchema, 404: HtmlPageSchema },
  }),
};
