import { isSafeRedirectPath, MESSAGES } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { NoBodySchema } from './fields';
import { named } from './schema-names';

/** A same-origin path to return to after sign-in (core's isSafeRedirectPath). */
export const RedirectPathSchema = z.string().refine(isSafeRedirectPath, MESSAGES.invalidValue);

export const TelegramInitDataRequestSchema = named(
  'TelegramInitDataRequest',
  z.object({ initData: z.string({ error: MESSAGES.invalidInitData }).min(1, MESSAGES.invalidInitData) }),
);

/** `token` is present when the account exists; otherwise the mini-app shows the sign-in offer. */
export const CheckTelegramResponseSchema = named(
  'CheckTelegramResponse',
  z.object({ exists: z.boolean(), token: z.string().optional() }),
);
export const LoginTelegramResponseSchema = named('LoginTelegramResponse', z.object({ token: z.string() }));

/**
 * What the Telegram Login Widget appends to its callback, plus our `redirect`. The widget's hash covers its own
 * fields only, so `redirect` must be left out of the data-check string.
 */
export const TelegramCallbackQuerySchema = named(
  'TelegramCallbackQuery',
  z.object({
    id: z.string().regex(/^\d+$/),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    username: z.string().optional(),
    photo_url: z.string().optional(),
    auth_date: z.string().regex(/^\d+$/),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    redirect: RedirectPathSchema.optional(),
  }),
);

export const YandexRedirectQuerySchema = named(
  'YandexRedirectQuery',
  z.object({ redirect: RedirectPathSchema.optional() }),
);

/** Yandex ID answers with a code, or with error and error_description when the user declined. */
export const YandexCallbackQuerySchema = named(
  'YandexCallbackQuery',
  z.object({
    code: z.string().optional(),
    state: z.string(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  }),
);

export const authEndpoints = {
  telegramCheck: defineEndpoint({
    method: 'POST',
    path: '/api/auth/telegram/check',
    summary: 'Check mini-app initData; return a token if the account exists',
    auth: 'guest',
    body: TelegramInitDataRequestSchema,
    responses: { 200: CheckTelegramResponseSchema },
  }),
  telegramLogin: defineEndpoint({
    method: 'POST',
    path: '/api/auth/telegram/login',
    summary: 'Sign in (creating the account) with mini-app initData',
    auth: 'guest',
    body: TelegramInitDataRequestSchema,
    responses: { 200: LoginTelegramResponseSchema },
  }),
  /** Redirects to the web app with the token in the URL fragment (never in a query string). */
  telegramCallback: defineEndpoint({
    method: 'GET',
    path: '/auth/telegram/callback',
    summary: 'Telegram Login Widget callback',
    auth: 'guest',
    query: TelegramCallbackQuerySchema,
    redirect: true,
    responses: { 302: NoBodySchema },
  }),
  yandexRedirect: defineEndpoint({
    method: 'GET',
    path: '/auth/yandex/redirect',
    summary: 'Start Yandex ID sign-in (redirect with a signed state)',
    auth: 'guest',
    query: YandexRedirectQuerySchema,
    redirect: true,
    responses: { 302: NoBodySchema },
  }),
  yandexCallback: defineEndpoint({
    method: 'GET',
    path: '/auth/yandex/callback',
    summary: 'Yandex ID callback; redirects to the app with the token in the fragment',
    auth: 'guest',
    query: YandexCallbackQuerySchema,
    redirect: true,
    responses: { 302: NoBodySchema },
  }),
  /** Revokes the token. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    summary: 'Revoke the current token',
    auth: 'user',
    responses: { 204: NoBodySchema },
  }),
};
