import { DEFAULT_APP_NAME, DEFAULT_MINIAPP_SHORT_NAME } from '@autoradar/core';
import { DEFAULT_REVERB_APP_SECRET, productionSecretProblem } from '@autoradar/server/config/secrets';
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
      secret: trim(env['REVERB_APP_SECRET']) ?? DEFAULT_REVERB_APP_SECRET,
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

/**
 * With NODE_ENV=production, the first secret of this process that is a default, short or not random, as the one-line
 * start error naming it (the API's rule, apps/api/src/config.ts); null otherwise. REVERB_APP_SECRET signs the events
 * the bot publishes, so its default counts; BOT_WEBHOOK_SECRET only when set (derived from the token otherwise).
 */
export function botSecretProblem(env: Record<string, string | undefined> = process.env): string | null {
  if (env['NODE_ENV']?.trim() !== 'production') return null;
  return productionSecretProblem(
    { ...env, REVERB_APP_SECRET: env['REVERB_APP_SECRET']?.trim() || DEFAULT_REVERB_APP_SECRET },
    ['REVERB_APP_SECRET', 'BOT_WEBHOOK_SECRET'],
  );
}
