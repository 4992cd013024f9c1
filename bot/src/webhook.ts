import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookCallback, type Bot } from 'grammy';
import { requestIdOf } from '@autoradar/server/runtime/logger';
import { runWithRequestId } from '@autoradar/server/runtime/request-context';

// Webhook mode (production): with BOT_WEBHOOK_URL set the bot registers that address with setWebhook and a secret
// token, and serves Telegram's POSTs on BOT_WEBHOOK_HOST:BOT_WEBHOOK_PORT (behind the HTTPS proxy that BOT_WEBHOOK_URL
// names) through grammY's webhookCallback, which answers 401 and handles nothing when the
// X-Telegram-Bot-Api-Secret-Token header is missing or wrong. Without BOT_WEBHOOK_URL the bot polls, as in development.

/** The variables as read from the environment (README: configuration), checked when the bot starts. */
export interface BotWebhookEnv {
  url?: string | undefined;
  secret?: string | undefined;
  host?: string | undefined;
  port?: string | undefined;
}

export interface BotWebhookSettings {
  url: string;
  /** The URL's path: the only one the webhook server answers. */
  path: string;
  secretToken: string;
  host: string;
  port: number;
}

export const DEFAULT_WEBHOOK_PORT = 8443;

export function readBotWebhookEnv(env: Record<string, string | undefined> = process.env): BotWebhookEnv {
  const trim = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  return {
    url: trim(env['BOT_WEBHOOK_URL']),
    secret: trim(env['BOT_WEBHOOK_SECRET']),
    host: trim(env['BOT_WEBHOOK_HOST']),
    port: trim(env['BOT_WEBHOOK_PORT']),
  };
}

/**
 * Null without BOT_WEBHOOK_URL (long polling). The secret defaults to one derived from the bot token, so every bot
 * process of one deployment agrees on it without another variable. Bad values throw a Russian message.
 */
export function resolveBotWebhook(env: BotWebhookEnv | undefined, token: string): BotWebhookSettings | null {
  if (!env?.url) return null;
  let url: URL;
  try {
    url = new URL(env.url);
  } catch {
    throw new Error(`BOT_WEBHOOK_URL=${env.url}: нужен адрес вида https://example.ru/telegram/webhook`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`BOT_WEBHOOK_URL=${env.url}: нужен адрес вида https://example.ru/telegram/webhook`);
  }
  const secretToken =
    env.secret ?? createHash('sha256').update(`autoradar-webhook:${token}`).digest('hex').slice(0, 64);
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(secretToken)) {
    throw new Error('BOT_WEBHOOK_SECRET: от 1 до 256 символов, только латинские буквы, цифры, _ и -');
  }
  const port = env.port === undefined ? DEFAULT_WEBHOOK_PORT : Number(env.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`BOT_WEBHOOK_PORT=${env.port}: нужен номер порта от 0 до 65535`);
  }
  return { url: url.toString(), path: url.pathname, secretToken, host: env.host ?? '0.0.0.0', port };
}

/**
 * Serves the webhook: POST on the URL's path goes to grammY's webhookCallback with the secret token checked; anything
 * else is 404. Resolves once listening, with the port (0 in BOT_WEBHOOK_PORT picks a free one, for tests).
 */
export async function startWebhookServer(
  bot: Bot,
  settings: BotWebhookSettings,
): Promise<{ port: number; close(): Promise<void> }> {
  // A long update (a channel album's photos) must not make Telegram resend it: answer after 10 s and keep working.
  const handle = webhookCallback(bot, 'http', {
    secretToken: settings.secretToken,
    onTimeout: 'return',
    timeoutMilliseconds: 10_000,
  });
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || path !== settings.path) {
      res.writeHead(404).end();
      return;
    }
    // The update runs under the request id nginx sent (X-Request-Id) or a new one: the bot's send lines carry it.
    runWithRequestId(requestIdOf(req.headers['x-request-id']), () => handle(req, res)).catch(() => {
      // The update's own errors go to bot.catch; this is a broken request (bad JSON): Telegram will not resend it.
      if (!res.headersSent) res.writeHead(400);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
