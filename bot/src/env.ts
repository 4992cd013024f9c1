import { DEFAULT_APP_NAME, DEFAULT_MINIAPP_SHORT_NAME } from '@autoradar/core';
import { readBotWebhookEnv } from './webhook';

// The settings of the bot's and the worker's own processes (infra/compose); the same names as the API's (README).
export function readBotEnv(env: Record<string, string | undefined> = process.env) {
  const trim = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  const appUrl = (trim(env['APP_URL']) ?? `http://localhost:${trim(env['PORT']) ?? '3000'}`).replace(/\/+$/, '');
  return {
    /**
     * Where their live events go: an API instance's websocket port, through the signed Pusher HTTP events API
     * (DESIGN.md §5); REVERB_HOST names the API (compose: `api`).
     */
    reverb: {
      appId: trim(env['REVERB_APP_ID']) ?? 'autoradar',
      key: trim(env['REVERB_APP_KEY']) ?? 'autoradar-key',
      secret: trim(env['REVERB_APP_SECRET']) ?? 'autoradar-secret',
      host: trim(env['REVERB_HOST']) ?? '127.0.0.1',
      port: Number(trim(env['REVERB_PORT']) ?? '8080'),
    },
    token: trim(env['BOT_TOKEN']),
    appName: trim(env['APP_NAME']) ?? DEFAULT_APP_NAME,
    appUrl,
    botUsername: trim(env['BOT_USERNAME']),
    miniappShortName: trim(env['MINIAPP_SHORT_NAME']) ?? DEFAULT_MINIAPP_SHORT_NAME,
    apiUrl: (trim(env['TELEGRAM_API_URL']) ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    webhook: readBotWebhookEnv(env),
  };
}
