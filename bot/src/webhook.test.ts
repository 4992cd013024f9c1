import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBot, type BotDeps } from './bot';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { TEST_BOT_TOKEN, testBotDeps, textUpdate } from './testing/test-bot';
import { readBotWebhookEnv, resolveBotWebhook } from './webhook';

// Webhook mode against the Bot API emulator (issue 14): with BOT_WEBHOOK_URL the bot registers the webhook with its
// secret token and handles what Telegram POSTs there; a request without the secret, or with a wrong one, gets 401 and
// is not handled. Without BOT_WEBHOOK_URL it long-polls as before.

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('bot webhook mode', () => {
  let api: Awaited<ReturnType<typeof startBotApiEmulator>>;
  beforeAll(async () => {
    api = await startBotApiEmulator();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.calls.length = 0;
  });

  const deps = (webhook?: BotDeps['webhook']): BotDeps => testBotDeps(api.url, webhook ? { webhook } : {});

  it('registers the webhook with its secret token and answers /start that Telegram delivers there', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/telegram/webhook`;
    const running = await startBot(
      TEST_BOT_TOKEN,
      deps(
        readBotWebhookEnv({ BOT_WEBHOOK_URL: url, BOT_WEBHOOK_SECRET: 's3cret_Token-1', BOT_WEBHOOK_PORT: `${port}` }),
      ),
    );
    try {
      expect(api.webhook()).toEqual({ url, secretToken: 's3cret_Token-1' });
      expect(api.callsOf('getUpdates')).toHaveLength(0);
      expect(await api.deliverUpdate(textUpdate('/start post_77'))).toBe(200);
      const [answer] = api.deliveredOf('sendMessage');
      expect(answer?.payload['chat_id']).toBe(42);
      expect(answer?.payload['reply_markup']).toEqual({
        inline_keyboard: [
          [{ text: 'Открыть объявление', url: 'https://t.me/autoradar_test_bot/app?startapp=post_77' }],
        ],
      });
    } finally {
      await running.stop();
    }
  });

  it('answers 401 and handles nothing when the secret token is missing or wrong', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/telegram/webhook`;
    const running = await startBot(
      TEST_BOT_TOKEN,
      deps({ url, secret: 'right-secret', host: '127.0.0.1', port: `${port}` }),
    );
    try {
      const post = (headers: Record<string, string>) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(textUpdate('/start')),
        });
      expect((await post({})).status).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong-secret' })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/other`, { method: 'POST' })).status).toBe(404);
      expect(api.callsOf('sendMessage')).toHaveLength(0);
      // The same request with the registered secret is handled.
      expect((await post({ 'x-telegram-bot-api-secret-token': 'right-secret' })).status).toBe(200);
      expect(api.deliveredOf('sendMessage')).toHaveLength(1);
    } finally {
      await running.stop();
    }
  });

  it('long-polls without BOT_WEBHOOK_URL, deleting a webhook left from before', async () => {
    const port = await freePort();
    await startBot(TEST_BOT_TOKEN, deps({ url: `http://127.0.0.1:${port}/hook`, port: `${port}` })).then((r) =>
      r.stop(),
    );
    expect(api.webhook()).not.toBeNull();
    const running = await startBot(TEST_BOT_TOKEN, deps(readBotWebhookEnv({})));
    try {
      await expect.poll(() => api.deliveredOf('getUpdates').length).toBeGreaterThan(0);
      expect(api.webhook()).toBeNull();
      expect(api.callsOf('deleteWebhook').length).toBeGreaterThan(0);
    } finally {
      await running.stop();
    }
  });

  it('derives a valid secret from the token when none is given, and refuses bad settings in Russian', () => {
    const derived = resolveBotWebhook({ url: 'https://bot.example.ru/tg' }, TEST_BOT_TOKEN)!;
    expect(derived.secretToken).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(resolveBotWebhook({ url: 'https://bot.example.ru/tg' }, TEST_BOT_TOKEN)!.secretToken).toBe(
      derived.secretToken,
    );
    expect(resolveBotWebhook({ url: 'https://bot.example.ru/tg' }, '1:other')!.secretToken).not.toBe(
      derived.secretToken,
    );
    expect(derived).toMatchObject({ path: '/tg', host: '0.0.0.0', port: 8443 });
    expect(resolveBotWebhook({}, TEST_BOT_TOKEN)).toBeNull();
    expect(() => resolveBotWebhook({ url: 'bot.example.ru' }, TEST_BOT_TOKEN)).toThrow(/BOT_WEBHOOK_URL.*нужен адрес/);
    expect(() => resolveBotWebhook({ url: 'https://x.ru/h', secret: 'с пробелом' }, TEST_BOT_TOKEN)).toThrow(
      /BOT_WEBHOOK_SECRET/,
    );
    expect(() => resolveBotWebhook({ url: 'https://x.ru/h', port: 'порт' }, TEST_BOT_TOKEN)).toThrow(
      /BOT_WEBHOOK_PORT/,
    );
  });
});
