// Development only (DESIGN §3): launch params for a plain browser, signed with the public development bot token the
// local API checks with when BOT_TOKEN is unset, so the real check/login flow runs without Telegram. tma.ts loads this
// file behind `import.meta.env.DEV`, so production builds never contain it.

/** The same value as packages/server/src/config/config.ts DEV_BOT_TOKEN (an app cannot import the API). */
const DEV_BOT_TOKEN = '1000000000:DEVELOPMENT-ONLY-autoradar-mock-token';

const DEV_USER = {
  id: 100000001,
  first_name: 'Разработчик',
  last_name: 'Локальный',
  username: 'autoradar_dev',
  language_code: 'ru',
  allows_write_to_pm: true,
};

const encoder = new TextEncoder();

async function hmacSha256(key: BufferSource, data: string): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(data));
}

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** initData signed as Telegram documents: HMAC-SHA256 with key HMAC-SHA256('WebAppData', token) over the sorted pairs. */
export async function signInitData(fields: Record<string, string>, botToken: string): Promise<string> {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = await hmacSha256(encoder.encode('WebAppData'), botToken);
  const hash = toHex(await hmacSha256(secret, dataCheckString));
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** The launch query Telegram would put in the hash, for a fixed development user. */
export async function createDevLaunchParams(): Promise<string> {
  const initData = await signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'dev-query',
      // The SDK's parser requires the third-party signature field; the local API ignores it.
      signature: 'development',
      user: JSON.stringify(DEV_USER),
    },
    DEV_BOT_TOKEN,
  );
  return new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify({}),
  }).toString();
}
