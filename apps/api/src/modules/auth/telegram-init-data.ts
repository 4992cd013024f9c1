import { validate } from '@telegram-apps/init-data-node';
import { DomainError } from '@autoradar/server/domain-error';
import { AUTH_MESSAGES } from './auth.messages';

export interface TelegramIdentity {
  telegramId: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
}

const MAX_INIT_DATA_LENGTH = 8192;
/** Clocks drift; an auth_date a little ahead of ours is still honest. */
const FUTURE_SKEW_SECONDS = 300;

const reject = (message: string) => new DomainError('unauthenticated', message);

/** Rejects repeated keys: the signature covers one value per key, so a second copy is an attempt to smuggle one. */
function paramsWithoutDuplicates(raw: string): URLSearchParams {
  const params = new URLSearchParams(raw);
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw reject(AUTH_MESSAGES.initDataInvalid);
    seen.add(key);
  }
  return params;
}

export function checkAuthDate(authDate: string | null, maxAgeSeconds: number, now: Date, expired: string): void {
  const seconds = authDate && /^\d{1,12}$/.test(authDate) ? Number(authDate) : NaN;
  if (!Number.isFinite(seconds)) throw reject(AUTH_MESSAGES.initDataInvalid);
  const age = now.getTime() / 1000 - seconds;
  if (age > maxAgeSeconds) throw reject(expired);
  if (age < -FUTURE_SKEW_SECONDS) throw reject(AUTH_MESSAGES.initDataInvalid);
}

/**
 * Checks mini-app initData as Telegram documents it (HMAC-SHA256 over the sorted data-check string, secret derived
 * from "WebAppData"), with the tma.js library, from the raw query string; then the age of auth_date on our clock.
 */
export function verifyInitData(raw: string, botToken: string, maxAgeSeconds: number, now: Date): TelegramIdentity {
  if (raw.length > MAX_INIT_DATA_LENGTH) throw reject(AUTH_MESSAGES.initDataInvalid);
  const params = paramsWithoutDuplicates(raw);
  if (!params.get('hash')) throw reject(AUTH_MESSAGES.initDataUnsigned);
  try {
    // Expiry is checked below against the API's clock, so the library's own wall-clock check is off.
    validate(params, botToken, { expiresIn: 0 });
  } catch {
    throw reject(AUTH_MESSAGES.initDataInvalid);
  }
  checkAuthDate(params.get('auth_date'), maxAgeSeconds, now, AUTH_MESSAGES.initDataExpired);

  let user: unknown;
  try {
    user = JSON.parse(params.get('user') ?? '');
  } catch {
    throw reject(AUTH_MESSAGES.initDataNoUser);
  }
  if (typeof user !== 'object' || user === null || !Number.isSafeInteger((user as { id?: unknown }).id)) {
    throw reject(AUTH_MESSAGES.initDataNoUser);
  }
  const u = user as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    telegramId: u['id'] as number,
    firstName: str(u['first_name']),
    lastName: str(u['last_name']),
    username: str(u['username']),
    photoUrl: str(u['photo_url']),
  };
}
