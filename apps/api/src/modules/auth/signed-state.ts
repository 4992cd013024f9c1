import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OAuth `state`: the redirect path and an expiry, signed with HMAC-SHA256, so the callback can trust the path it
 * carries without server-side storage (any API instance can finish the flow).
 */
export function signState(secret: string, payload: { redirect: string }, now: Date, ttlSeconds = 600): string {
  const body = Buffer.from(JSON.stringify({ r: payload.redirect, e: Math.floor(now.getTime() / 1000) + ttlSeconds, n: randomBytes(8).toString('hex') })).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function verifyState(secret: string, state: string, now: Date): { redirect: string } | undefined {
  const [body, mac] = state.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { r?: unknown; e?: unknown };
    if (typeof data.r !== 'string' || typeof data.e !== 'number' || data.e < now.getTime() / 1000) return undefined;
    return { redirect: data.r };
  } catch {
    return undefined;
  }
}
