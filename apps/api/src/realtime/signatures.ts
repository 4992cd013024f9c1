import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface AppCredentials {
  id: string;
  key: string;
  secret: string;
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What POST /broadcasting/auth answers and pusher:subscribe carries: `key:HMAC-SHA256(secret, "socket_id:channel")`. */
export function signChannelAuth(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  socketId: string,
  channel: string,
): string {
  return `${app.key}:${hmacHex(app.secret, `${socketId}:${channel}`)}`;
}

export function isValidChannelAuth(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  return typeof auth === 'string' && equalText(auth, signChannelAuth(app, socketId, channel));
}

/** Pusher's documented window for auth_timestamp, either side of the server's clock. */
export const HTTP_API_TIMESTAMP_WINDOW_SECONDS = 600;

export type HttpApiRejection = 'missing' | 'key' | 'timestamp' | 'body_md5' | 'signature';

export interface HttpApiRequest {
  method: string;
  /** The path exactly as requested, without the query. */
  path: string;
  query: URLSearchParams;
  body: Buffer;
  nowSeconds: number;
}

/**
 * Checks a Pusher HTTP API request: HMAC-SHA256 with the app secret over "METHOD\nPATH\nsorted query", where the
 * query is every parameter but auth_signature, keys sorted, values as sent, and body_md5 the MD5 of the body.
 * body_md5 is recomputed from the body rather than trusted, so a signature only fits the body it was made for.
 */
export function checkHttpApiRequest(
  app: AppCredentials,
  request: HttpApiRequest,
): { ok: true } | { ok: false; reason: HttpApiRejection } {
  const { query } = request;
  const signature = query.get('auth_signature');
  const key = query.get('auth_key');
  const timestamp = query.get('auth_timestamp');
  if (!signature || !key || !timestamp) return { ok: false, reason: 'missing' };
  if (!equalText(key, app.key)) return { ok: false, reason: 'key' };
  if (
    !/^\d+$/.test(timestamp) ||
    Math.abs(request.nowSeconds - Number(timestamp)) > HTTP_API_TIMESTAMP_WINDOW_SECONDS
  ) {
    return { ok: false, reason: 'timestamp' };
  }

  const params = new Map<string, string>();
  for (const [name, value] of query) {
    if (name !== 'auth_signature' && name !== 'body_md5') params.set(name, value);
  }
  if (request.body.length > 0) {
    const md5 = createHash('md5').update(request.body).digest('hex');
    const claimed = query.get('body_md5');
    if (claimed !== null && claimed !== md5) return { ok: false, reason: 'body_md5' };
    params.set('body_md5', md5);
  }
  const canonical = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${canonical}`);
  return equalText(signature.toLowerCase(), expected) ? { ok: true } : { ok: false, reason: 'signature' };
}
