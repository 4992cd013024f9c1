import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OAuth `state`: the redirect path, an expiry and a random nonce, signed with HMAC-SHA256, so the callback can trust
 * the path it carries without server-side storage (any API instance can finish the flow). The nonce is also written
 * to an HttpOnly cookie of the browser that started the flow (RFC 6749 §10.12), and is spent once (used-states.ts).
 */
export interface OAuthState {
  redirect: string;
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

export const STATE_TTL_SECONDS = 600;

export function newStateNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function signState(
  secret: string,
  payload: { redirect: string; nonce: string },
  now: Date,
  ttlSeconds = STATE_TTL_SECONDS,
): string {
  const body = Buffer.from(
    JSON.stringify({ r: payload.redirect, e: Math.floor(now.getTime() / 1000) + ttlSeconds, n: payload.nonce }),
  ).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function verifyState(secret: string, state: string, now: Date): OAuthState | undefined {
  const [body, mac, ...rest] = state.split('.');
  if (!body || !mac || rest.length > 0) return undefined;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      r?: unknown;
      e?: unknown;
      n?: unknown;
    };
    if (typeof data.r !== 'string' || typeof data.n !== 'string' || typeof data.e !== 'number') return undefined;
    if (data.e < now.getTime() / 1000) return undefined;
    return { redirect: data.r, nonce: data.n, expiresAt: data.e };
  } catch {
    return undefined;
  }
}

/** Whether the cookie the browser sent holds the state's nonce (constant-time). */
export function stateMatchesCookie(state: OAuthState, cookie: string | undefined): boolean {
  if (!cookie) return false;
  const a = Buffer.from(state.nonce);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}
