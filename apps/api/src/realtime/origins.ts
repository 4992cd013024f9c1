// Which pages may open a websocket. An entry is `*` (any), a full origin (`https://autoradar.ru`: scheme, host and
// port must match), or a host pattern as Reverb takes them (`localhost`, `*.autoradar.ru`: any scheme and port).

export type OriginRule = { kind: 'any' } | { kind: 'origin'; origin: string } | { kind: 'host'; pattern: RegExp };

const HOST_PATTERN = /^[a-z0-9*.\-[\]:]+$/i;

/** Throws on an entry that is neither, naming it, so a typo stops the start instead of locking users out. */
export function parseOriginRule(entry: string): OriginRule {
  const value = entry.trim();
  if (value === '*') return { kind: 'any' };
  if (value.includes('://')) {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ожидается http(s)://…: ${value}`);
    return { kind: 'origin', origin: url.origin };
  }
  if (!HOST_PATTERN.test(value)) throw new Error(`ожидается адрес или имя хоста: ${value}`);
  const regex = value.toLowerCase().replace(/[.[\]]/g, '\\$&').replaceAll('*', '[a-z0-9.-]*');
  return { kind: 'host', pattern: new RegExp(`^${regex}$`) };
}

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
  return rules.some((rule) => (rule.kind === 'origin' ? rule.origin === url.origin : rule.kind === 'host' && rule.pattern.test(url.hostname)));
}

/** The default: the product's own origin, plus local pages (any port) outside production. */
export function defaultAllowedOrigins(appUrl: string, env: 'development' | 'production' | 'test'): string[] {
  const own = new URL(appUrl).origin;
  return env === 'production' ? [own] : [own, 'localhost', '127.0.0.1', '[::1]'];
}
