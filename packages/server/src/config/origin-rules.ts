// The syntax of a REVERB_ALLOWED_ORIGINS entry: `*` (any), a full origin (`https://autoradar.ru`: scheme, host and
// port must match), or a host pattern as Reverb takes them (`localhost`, `*.autoradar.ru`: any scheme and port).
// Read by config.ts (a bad entry stops the start) and by the websocket server, so it imports nothing.

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
  const regex = value
    .toLowerCase()
    .replace(/[.[\]]/g, '\\$&')
    .replaceAll('*', '[a-z0-9.-]*');
  return { kind: 'host', pattern: new RegExp(`^${regex}$`) };
}
