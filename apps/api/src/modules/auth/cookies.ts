// The API sets one cookie (the Yandex ID state binding), so two small functions over the Cookie and Set-Cookie
// headers (RFC 6265) stand in for a cookie plugin; see docs/decisions.md.

/** The value of cookie `name` in a Cookie request header, or undefined. The first of duplicate names wins. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
}

/**
 * A Set-Cookie value for an HttpOnly, SameSite=Lax cookie: Lax still sends it on the top-level GET that comes back
 * from the provider's consent page, but not on cross-site subrequests. `value` must be cookie-safe (base64url).
 */
export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${opts.path}`, `Max-Age=${opts.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}
