import { createHash, createHmac } from 'node:crypto';

// Telegram's two documented signatures, written here independently of the library the API checks them with, for the
// tests that sign in as Telegram would (auth tests, the bad-input suite).

/** The "key=value" lines of the fields, sorted by key: what both signatures cover. */
const dataCheckString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');

/** Mini App initData: HMAC-SHA256 keyed by HMAC-SHA256('WebAppData', token) over the sorted pairs; a query string. */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Login Widget: HMAC-SHA256 keyed by SHA256(token) over the sorted pairs; the fields with their `hash`. */
export function signWidgetFields(fields: Record<string, string>, botToken: string): Record<string, string> {
  const key = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', key).update(dataCheckString(fields)).digest('hex') };
}

/** The Login Widget's signed fields as the query string of its callback. */
export const signWidget = (fields: Record<string, string>, botToken: string): string =>
  new URLSearchParams(signWidgetFields(fields, botToken)).toString();
