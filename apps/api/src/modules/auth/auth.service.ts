import { encodeRedirectPath, getSafeRedirectPath } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { Config } from '@autoradar/server/config/config';
import { DomainError } from '@autoradar/server/domain-error';
import { cleanEmail, cleanProfile, cleanProfileName } from '@autoradar/server/users/profile-text';
import { findUserByTelegramId, upsertTelegramUser, upsertYandexUser } from '@autoradar/server/users/users.repo';
import { AUTH_MESSAGES } from './auth.messages';
import { readCookie, serializeCookie } from './cookies';
import { createSession } from './sessions.repo';
import { newStateNonce, signState, stateMatchesCookie, STATE_TTL_SECONDS, verifyState } from './signed-state';
import { verifyInitData } from './telegram-init-data';
import { verifyWidgetLogin } from './telegram-widget';
import type { UsedStates } from './used-states';
import {
  exchangeYandexCode,
  fetchYandexProfile,
  yandexAuthorizeUrl,
  yandexAvatarUrl,
  YandexError,
  type YandexSettings,
} from './yandex.client';

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: string;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

export interface YandexDeps extends AuthDeps {
  usedStates: UsedStates;
}

/** Mini-app: does the account exist? If so, sign in at once (spec §4: info vs success). */
export async function checkTelegram(
  deps: AuthDeps,
  initData: string,
  now: Date,
): Promise<{ exists: boolean; token?: string }> {
  const identity = verifyInitData(initData, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
  const known = await findUserByTelegramId(deps.db, identity.telegramId);
  if (!known) return { exists: false };
  const user = await upsertTelegramUser(deps.db, identity.telegramId, cleanProfile(identity), now);
  return { exists: true, token: await createSession(deps.db, user.id) };
}

/** Mini-app sign-in, creating the account on first use. */
export async function loginTelegram(deps: AuthDeps, initData: string, now: Date): Promise<{ token: string }> {
  const identity = verifyInitData(initData, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
  const user = await upsertTelegramUser(deps.db, identity.telegramId, cleanProfile(identity), now);
  return { token: await createSession(deps.db, user.id) };
}

/**
 * The web app receives the token in the URL fragment: never in a query string, a Referer or a server log. The path
 * is percent-encoded for the Location header (`/search?q=Лада`); a fragment of its own would hide the token, so it
 * is dropped.
 */
export function appLocationWithToken(redirect: string | undefined, token: string): string {
  const path = getSafeRedirectPath(redirect).split('#')[0]!;
  return `${encodeRedirectPath(path)}#token=${encodeURIComponent(token)}`;
}

export function loginLocationWithError(redirect: string | undefined, message: string): string {
  const query = redirect ? `?${new URLSearchParams({ redirect: getSafeRedirectPath(redirect) }).toString()}` : '';
  return `/login${query}#error=${encodeURIComponent(message)}`;
}

/**
 * A browser sign-in never ends on a JSON body: a refusal returns to /login with its Russian reason, and anything
 * unexpected (a database error) is logged and returns there too.
 */
async function browserSignIn(
  deps: AuthDeps,
  redirect: string | undefined,
  run: () => Promise<string>,
): Promise<string> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof DomainError) return loginLocationWithError(redirect, err.message);
    deps.log.error({ err }, 'browser sign-in failed');
    return loginLocationWithError(redirect, AUTH_MESSAGES.signInFailed);
  }
}

/** Telegram Login Widget callback: returns where to send the browser. */
export function finishTelegramWidget(
  deps: AuthDeps,
  rawQuery: string,
  redirect: string | undefined,
  now: Date,
): Promise<string> {
  return browserSignIn(deps, redirect, async () => {
    const identity = verifyWidgetLogin(rawQuery, deps.config.signingBotToken, deps.config.initDataMaxAgeSeconds, now);
    const user = await upsertTelegramUser(deps.db, identity.telegramId, cleanProfile(identity), now);
    return appLocationWithToken(redirect, await createSession(deps.db, user.id));
  });
}

export function isYandexConfigured(config: Config): boolean {
  return Boolean(config.yandex.clientId && config.yandex.clientSecret);
}

function yandexSettings(config: Config): YandexSettings | undefined {
  const { clientId, clientSecret, oauthUrl, loginUrl } = config.yandex;
  return clientId && clientSecret ? { clientId, clientSecret, oauthUrl, loginUrl } : undefined;
}

const yandexCallbackUrl = (config: Config) => `${config.appUrl}/auth/yandex/callback`;

/** The cookie the state is bound to, sent back only to the callback. */
export const YANDEX_STATE_COOKIE = 'autoradar_yandex_state';
const YANDEX_STATE_COOKIE_PATH = '/auth/yandex/callback';

function stateCookie(config: Config, value: string, maxAgeSeconds: number): string {
  return serializeCookie(YANDEX_STATE_COOKIE, value, {
    path: YANDEX_STATE_COOKIE_PATH,
    maxAgeSeconds,
    secure: config.appUrl.startsWith('https:'),
  });
}

/** Every callback spends the cookie, whatever the outcome. */
export const clearedStateCookie = (config: Config) => stateCookie(config, '', 0);

/** Where /auth/yandex/redirect sends the browser, and the cookie that binds the flow to it. */
export function startYandex(
  deps: AuthDeps,
  redirect: string | undefined,
  now: Date,
): { location: string; cookie?: string } {
  const settings = yandexSettings(deps.config);
  if (!settings) return { location: loginLocationWithError(redirect, AUTH_MESSAGES.yandexNotConfigured) };
  const nonce = newStateNonce();
  const state = signState(deps.secret, { redirect: getSafeRedirectPath(redirect), nonce }, now);
  return {
    location: yandexAuthorizeUrl(settings, yandexCallbackUrl(deps.config), state),
    cookie: stateCookie(deps.config, nonce, STATE_TTL_SECONDS),
  };
}

export interface YandexCallback {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Yandex ID callback. The state must be ours (signature, 10 minutes), started in this browser (its cookie) and not
 * spent before; only then is the code exchanged, within YANDEX_TIMEOUT for the token and the profile together.
 */
export async function finishYandex(
  deps: YandexDeps,
  query: YandexCallback,
  cookieHeader: string | undefined,
  now: Date,
): Promise<string> {
  const state = query.state ? verifyState(deps.secret, query.state, now) : undefined;
  if (!state) return loginLocationWithError(undefined, AUTH_MESSAGES.yandexStateInvalid);
  const back = (message: string) => loginLocationWithError(state.redirect, message);
  if (!stateMatchesCookie(state, readCookie(cookieHeader, YANDEX_STATE_COOKIE))) {
    return back(AUTH_MESSAGES.yandexOtherBrowser);
  }
  return browserSignIn(deps, state.redirect, async () => {
    if (!(await deps.usedStates.claim(state.nonce, state.expiresAt, now))) return back(AUTH_MESSAGES.yandexStateUsed);
    if (query.error || !query.code) return back(AUTH_MESSAGES.yandexDenied);
    const settings = yandexSettings(deps.config);
    if (!settings) return back(AUTH_MESSAGES.yandexNotConfigured);

    const signal = AbortSignal.timeout(deps.config.yandex.timeoutMs);
    let profile;
    try {
      const accessToken = await exchangeYandexCode(settings, query.code, yandexCallbackUrl(deps.config), signal);
      profile = await fetchYandexProfile(settings, accessToken, signal);
    } catch (err) {
      if (!(err instanceof YandexError)) throw err;
      deps.log.warn({ err }, 'yandex sign-in failed');
      return back(err.timedOut ? AUTH_MESSAGES.yandexTimeout : AUTH_MESSAGES.yandexFailed);
    }
    const user = await upsertYandexUser(
      deps.db,
      profile.id,
      {
        ...cleanProfile({
          firstName: profile.first_name ?? null,
          lastName: profile.last_name ?? null,
          username: profile.login ?? null,
          photoUrl: yandexAvatarUrl(profile),
        }),
        email: cleanEmail(profile.default_email ?? profile.emails?.[0]),
        name: cleanProfileName(profile.real_name ?? profile.display_name),
      },
      now,
    );
    return appLocationWithToken(state.redirect, await createSession(deps.db, user.id));
  });
}
