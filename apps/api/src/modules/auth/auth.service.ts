import { getSafeRedirectPath } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { Config } from '../../config';
import { HttpError } from '../../http/http-error';
import { findUserByTelegramId, upsertTelegramUser, upsertYandexUser } from '../users/users.repo';
import { AUTH_MESSAGES } from './auth.messages';
import { createSession } from './sessions.repo';
import { signState, verifyState } from './signed-state';
import { verifyInitData } from './telegram-init-data';
import { verifyWidgetLogin } from './telegram-widget';
import { exchangeYandexCode, fetchYandexProfile, yandexAuthorizeUrl, yandexAvatarUrl, YandexError, type YandexSettings } from './yandex.client';

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: string;
  log: { warn(obj: unknown, msg: string): void };
}

/** Mini-app: does the account exist? If so, sign in at once (spec §4: info vs success). */
export async function checkTelegram(deps: AuthDeps, initData: string, now: Date): Promise<{ exists: boolean; token?: string }> {
  const identity = verifyInitData(initData, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
  const known = await findUserByTelegramId(deps.db, identity.telegramId);
  if (!known) return { exists: false };
  const user = await upsertTelegramUser(deps.db, identity.telegramId, identity, now);
  return { exists: true, token: await createSession(deps.db, user.id) };
}

/** Mini-app sign-in, creating the account on first use. */
export async function loginTelegram(deps: AuthDeps, initData: string, now: Date): Promise<{ token: string }> {
  const identity = verifyInitData(initData, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
  const user = await upsertTelegramUser(deps.db, identity.telegramId, identity, now);
  return { token: await createSession(deps.db, user.id) };
}

/** The web app receives the token in the URL fragment: never in a query string, a Referer or a server log. */
export function appLocationWithToken(redirect: string | undefined, token: string): string {
  return `${getSafeRedirectPath(redirect)}#token=${encodeURIComponent(token)}`;
}

export function loginLocationWithError(redirect: string | undefined, message: string): string {
  const query = redirect ? `?${new URLSearchParams({ redirect: getSafeRedirectPath(redirect) })}` : '';
  return `/login${query}#error=${encodeURIComponent(message)}`;
}

/** Telegram Login Widget callback: returns where to send the browser. */
export async function finishTelegramWidget(deps: AuthDeps, rawQuery: string, redirect: string | undefined, now: Date): Promise<string> {
  try {
    const identity = verifyWidgetLogin(rawQuery, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
    const user = await upsertTelegramUser(deps.db, identity.telegramId, identity, now);
    return appLocationWithToken(redirect, await createSession(deps.db, user.id));
  } catch (err) {
    if (err instanceof HttpError) return loginLocationWithError(redirect, err.message);
    throw err;
  }
}

function yandexSettings(config: Config): YandexSettings {
  const { clientId, clientSecret, oauthUrl, loginUrl } = config.yandex;
  if (!clientId || !clientSecret) throw new HttpError(503, AUTH_MESSAGES.yandexNotConfigured);
  return { clientId, clientSecret, oauthUrl, loginUrl };
}

const yandexCallbackUrl = (config: Config) => `${config.appUrl}/auth/yandex/callback`;

export function startYandex(deps: AuthDeps, redirect: string | undefined, now: Date): string {
  const settings = yandexSettings(deps.config);
  const state = signState(deps.secret, { redirect: getSafeRedirectPath(redirect) }, now);
  return yandexAuthorizeUrl(settings, yandexCallbackUrl(deps.config), state);
}

export async function finishYandex(
  deps: AuthDeps,
  query: { code?: string | undefined; state: string; error?: string | undefined },
  now: Date,
): Promise<string> {
  const state = verifyState(deps.secret, query.state, now);
  if (!state) return loginLocationWithError(undefined, AUTH_MESSAGES.yandexStateInvalid);
  if (query.error || !query.code) return loginLocationWithError(state.redirect, AUTH_MESSAGES.yandexDenied);
  const settings = yandexSettings(deps.config);
  try {
    const accessToken = await exchangeYandexCode(settings, query.code, yandexCallbackUrl(deps.config));
    const profile = await fetchYandexProfile(settings, accessToken);
    const user = await upsertYandexUser(
      deps.db,
      profile.id,
      {
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        name: profile.real_name ?? profile.display_name ?? null,
        firstName: profile.first_name ?? null,
        lastName: profile.last_name ?? null,
        username: profile.login ?? null,
        photoUrl: yandexAvatarUrl(profile),
      },
      now,
    );
    return appLocationWithToken(state.redirect, await createSession(deps.db, user.id));
  } catch (err) {
    if (!(err instanceof YandexError) && !(err instanceof TypeError)) throw err;
    deps.log.warn({ err }, 'yandex sign-in failed');
    return loginLocationWithError(state.redirect, AUTH_MESSAGES.yandexFailed);
  }
}
