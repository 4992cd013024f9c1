// Yandex ID (OAuth 2.0, authorization code): https://yandex.ru/dev/id/doc/ru/codes/code-url and the profile API
// https://yandex.ru/dev/id/doc/ru/user-information. Base URLs are configuration, so tests use a fake on 127.0.0.1.

export interface YandexSettings {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  loginUrl: string;
}

export interface YandexProfile {
  id: string;
  login?: string;
  default_email?: string;
  emails?: string[];
  first_name?: string;
  last_name?: string;
  display_name?: string;
  real_name?: string;
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
}

export function yandexAuthorizeUrl(s: YandexSettings, redirectUri: string, state: string): string {
  const url = new URL(`${s.oauthUrl}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: s.clientId,
    redirect_uri: redirectUri,
    state,
  }).toString();
  return url.toString();
}

export class YandexError extends Error {
  /** True when Yandex did not answer within the deadline. */
  readonly timedOut: boolean;
  constructor(message: string, opts: { timedOut?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.timedOut = opts.timedOut ?? false;
  }
}

/** Runs a call to Yandex so that every failure (network, deadline, unreadable answer) is a YandexError. */
async function call<T>(what: string, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // A deadline that passed while the body was read shows as an unreadable answer; the signal tells the truth.
    const timedOut = signal.aborted;
    if (err instanceof YandexError && !timedOut) throw err;
    throw new YandexError(`${what}: ${timedOut ? 'no answer in time' : String(err)}`, { timedOut, cause: err });
  }
}

/** `signal` bounds the call, body included: AbortSignal.timeout(YANDEX_TIMEOUT) shared by the whole sign-in. */
export function exchangeYandexCode(
  s: YandexSettings,
  code: string,
  redirectUri: string,
  signal: AbortSignal,
): Promise<string> {
  return call('token exchange', signal, async () => {
    const res = await fetch(`${s.oauthUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: s.clientId,
        client_secret: s.clientSecret,
        redirect_uri: redirectUri,
      }),
      signal,
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !body.access_token)
      throw new YandexError(
        `token exchange failed: ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`.trim(),
      );
    return body.access_token;
  });
}

export function fetchYandexProfile(
  s: YandexSettings,
  accessToken: string,
  signal: AbortSignal,
): Promise<YandexProfile> {
  return call('profile read', signal, async () => {
    const res = await fetch(`${s.loginUrl}/info?format=json`, {
      headers: { authorization: `OAuth ${accessToken}` },
      signal,
    });
    const body = (await res.json().catch(() => ({}))) as Partial<YandexProfile>;
    // The id becomes a column value: Yandex's ids are digits, anything else is not an answer we can store.
    if (!res.ok || typeof body.id !== 'string' || !/^[\w-]{1,64}$/.test(body.id))
      throw new YandexError(`profile read failed: ${res.status}`);
    return body as YandexProfile;
  });
}

export function yandexAvatarUrl(p: YandexProfile): string | null {
  return p.default_avatar_id && !p.is_avatar_empty
    ? `https://avatars.yandex.net/get-yapic/${p.default_avatar_id}/islands-200`
    : null;
}
