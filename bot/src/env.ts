import { DEFAULT_APP_NAME, DEFAULT_MINIAPP_SHORT_NAME } from '@autoradar/core';
import { readBotWebhookEnv } from './webhook';

// The bot's settings when it runs as its own process (infra/compose); the same names as the API's (README).
export function readBotEnv(env: Record<string, string | undefined> = process.env) {
  const trim = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  const appUrl = (trim(env['APP_URL']) ?? `http://localhost:${trim(env['PORT']) ?? '3000'}`).replace(/\/+$/, '');
  return {
    token: trim(env['BOT_TOKEN']),
    appName: trim(env['APP_NAME']) ?? DEFAULT_APP_NAME,
    appUrl,
    botUsername: trim(env['BOT_USERNAME']),
    miniappShortName: trim(env['MINIAPP_SHORT_NAME']) ?? DEFAULT_MINIAPP_SHORT_NAME,
    apiUrl: (trim(env['TELEGRAM_API_URL']) ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    webhook: readBotWebhookEnv(env),
  };
}
