import type { OriginRule } from '@autoradar/server/config/origin-rules';

// Which pages may open a websocket, by the rules of REVERB_ALLOWED_ORIGINS (their syntax: ../origin-rules.ts).

/**
 * A missing Origin is a client outside a browser (the bot, a server SDK, a test), which could send any Origin it
 * likes: the check exists to stop other sites' pages in a user's browser, and browsers always send one.
 */
export function isOriginAllowed(origin: string | undefined, rules: readonly OriginRule[]): boolean {
  if (origin === undefined) return true;
  if (rules.some((r) => r.kind === 'any')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return rules.some((rule) =>
    rule.kind === 'origin' ? rule.origin === url.origin : rule.kind === 'host' && rule.pattern.test(url.hostname),
  );
}

/** The default: the product's own origin, plus local pages (any port) outside production. */
export function defaultAllowedOrigins(appUrl: string, env: 'development' | 'production' | 'test'): string[] {
  const own = new URL(appUrl).origin;
  return env === 'production' ? [own] : [own, 'localhost', '127.0.0.1', '[::1]'];
}
