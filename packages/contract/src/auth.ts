import { isSafeRedirectPath, MESSAGES, REDIRECT_PATH_MAX_LENGTH, TOKEN_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerText, NoBodySchema } from './fields';
import { named } from './schema-names';

/**
 * A same-origin path to return to after sign-in (core's isSafeRedirectPath: no other site, no whitespace or control
 * characters; letters of any script are fine and reach the Location header percent-encoded).
 */
export const RedirectPathSchema = z
  .string({ error: MESSAGES.invalidValue })
  .max(REDIRECT_PATH_MAX_LENGTH, MESSAGES.invalidValue)
  .refine(isSafeRedirectPath, MESSAGES.invalidValue);

/** Telegram's initData is a few hundred bytes; the API refuses more than this before checking the signature. */
export const INIT_DATA_MAX_LENGTH = 8192;
/**
 * Fields Telegram and Yandex append to our callbacks. They are checked by the API (signature, state), which sends
 * the browser back to /login with the reason; the schema only bounds them, so a malformed one is a failed sign-in and
 * not a JSON 422. Names are never stored as sent: the API strips forbidden characters and caps them first.
 */
const CALLBACK_FIELD_MAX_LENGTH = 1024;
const callbackText = () => z.string({ error: MESSAGES.invalidValue }).max(CALLBACK_FIELD_MAX_LENGTH);
const callbackField = () => callbackText().optional();

export const TelegramInitDataRequestSchema = named(
  'TelegramInitDataRequest',
  z.object({
    initData: z
      .string({ error: MESSAGES.invalidInitData })
      .min(1, MESSAGES.invalidInitData)
      .max(INIT_DATA_MAX_LENGTH, MESSAGES.invalidInitData),
  }),
);

/** A session token as the server issues it (32 random bytes in base64url, 43 characters; TOKEN_MAX_LENGTH leaves room). */
const SessionTokenSchema = answerText(TOKEN_MAX_LENGTH);

/** `token` is present when the account exists; otherwise the mini-app shows the sign-in offer. */
export const CheckTelegramResponseSchema = named(
  'CheckTelegramResponse',
  z.object({ exists: z.boolean(), token: SessionTokenSchema.optional() }),
);
export const LoginTelegramResponseSchema = named('LoginTelegramResponse', z.object({ token: SessionTokenSchema }));

/**
 * What the Telegram Login Widget appends to its callback (id, names, photo_url, auth_date, a 64-hex hash), plus our
 * `redirect`. The widget's hash covers its own fields only, so `redirect` must be left out of the data-check string.
 * The widget always sends id, auth_date and hash; their values (a wrong or short hash, an old date) are the API's to
 * judge, which returns to /login with a Russian message. A bad `redirect` is refused here (422).
 */
export const TelegramCallbackQuerySchema = named(
  'TelegramCallbackQuery',
  z.object({
    id: callbackText(),
    first_name: callbackField(),
    last_name: callbackField(),
    username: callbackField(),
    photo_url: callbackField(),
    auth_date: callbackText(),
    hash: callbackText(),
    redirect: RedirectPathSchema.optional(),
  }),
);

export const YandexRedirectQuerySchema = named(
  'YandexRedirectQuery',
  z.object({ redirect: RedirectPathSchema.optional() }),
);

/**
 * Yandex ID answers with a code and our state, or with error and error_description when the user declined. A missing
 * or foreign state, like a refusal, returns to /login with a Russian message.
 */
export const YandexCallbackQuerySchema = named(
  'YandexCallbackQuery',
  z.object({
    code: callbackField(),
    state: callbackField(),
    error: callbackField(),
    error_description: callbackField(),
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
  /** Sets the HttpOnly cookie the state is bound to; without Yandex credentials, back to /login with the reason. */
  yandexRedirect: defineEndpoint({
    method: 'GET',
    path: '/auth/yandex/redirect',
    summary: 'Start Yandex ID sign-in (redirect with a signed state bound to a cookie)',
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
  /** "Sign out on all devices": revokes every session of the user, the current one included. */
  logoutAll: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout-all',
    summary: 'Revoke every token of the current user',
    auth: 'user',
    responses: { 204: NoBodySchema },
  }),
};
