import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@autoradar/server/domain-error';
import { AUTH_MESSAGES } from './auth.messages';
import { checkAuthDate, type TelegramIdentity } from './telegram-init-data';

/**
 * The Login Widget's check (core.telegram.org/widgets/login): HMAC-SHA256 of the sorted "key=value" lines with
 * SHA256(bot token) as the key. Hand-written because the init-data library covers the Mini App scheme only; it is
 * a dozen lines of node:crypto. The lines come from the raw query, minus `hash` and our own `redirect`, so fields a
 * newer widget adds still count.
 */
export function verifyWidgetLogin(
  rawQuery: string,
  botToken: string,
  maxAgeSeconds: number,
  now: Date,
): TelegramIdentity {
  const params = new URLSearchParams(rawQuery);
  const hash = params.get('hash') ?? '';
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (seen.has(key)) throw new DomainError('unauthenticated', AUTH_MESSAGES.widgetInvalid);
    seen.add(key);
    if (key !== 'hash' && key !== 'redirect') lines.push(`${key}=${value}`);
  }
  lines.sort();
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(lines.join('\n')).digest();
  const given = /^[0-9a-f]{64}$/.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new DomainError('unauthenticated', AUTH_MESSAGES.widgetInvalid);
  checkAuthDate(params.get('auth_date'), maxAgeSeconds, now, AUTH_MESSAGES.widgetExpired);
  const id = Number(params.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('unauthenticated', AUTH_MESSAGES.widgetInvalid);
  const opt = (k: string) => params.get(k) || null;
  return {
    telegramId: id,
    firstName: opt('first_name'),
    lastName: opt('last_name'),
    username: opt('username'),
    photoUrl: opt('photo_url'),
  };
}
