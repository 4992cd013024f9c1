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
  url.search = new URLSearchParams({ response_type: 'code', client_id: s.clientId, redirect_uri: redirectUri, state }).toString();
  return url.toString();
}

export class YandexError extends Error {}

export async function exchangeYandexCode(s: YandexSettings, code: string, redirectUri: string): Promise<string> {
  const res = await fetch(`${s.oauthUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: s.clientId, client_secret: s.clientSecret, redirect_uri: redirectUri }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new YandexError(`token exchange failed: ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`.trim());
  return body.access_token;
}

export async function fetchYandexProfile(s: YandexSettings, accessToken: string): Promise<YandexProfile> {
  const res = await fetch(`${s.loginUrl}/info?format=json`, {
    headers: { authorization: `OAuth ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<YandexProfile>;
  if (!res.ok || typeof body.id !== 'string' || body.id === '') throw new YandexError(`profile read failed: ${res.status}`);
  return body as YandexProfile;
}

export function yandexAvatarUrl(p: YandexProfile): string | null {
  return p.default_avatar_id && !p.is_avatar_empty ? `https://avatars.yandex.net/get-yapic/${p.default_avatar_id}/islands-200` : null;
}
