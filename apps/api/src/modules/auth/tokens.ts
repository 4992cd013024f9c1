import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 32 random bytes; only their SHA-256 is stored, so a database leak yields no sessions. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}
