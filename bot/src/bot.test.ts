import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_DISABLED_MESSAGE } from './bot';
import { startBotApiEmulator, tooManyRequests } from '@autoradar/server/testing/bot-api-emulator';
import { createTestBot, TEST_BOT_TOKEN, textUpdate } from './testing/test-bot';

describe('bot', () => {
  let api: Awaited<ReturnType<typeof startBotApiEmulator>>;
  beforeAll(async () => {
    api = await startBotApiEmulator();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.calls.length = 0;
  });

  const make = (over: Partial<{ appUrl: string; botUsername: string | undefined }> = {}) =>
    createTestBot(api.url, over);

  it('greets /start in Russian with a button that opens the mini-app', async () => {
    await make().handleUpdate(textUpdate('/start'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.token).toBe(TEST_BOT_TOKEN);
    expect(call?.payload['chat_id']).toBe(42);
    expect(call?.payload['text']).toContain('Добро пожаловать в АвтоРадар');
    expect(call?.payload['reply_markup']).toEqual({
      inline_keyboard: [[{ text: 'Открыть АвтоРадар', web_app: { url: 'https://autoradar.example/tma/' } }]],
    });
  });

  it('opens a listing from a post_<id> deep link through the t.me mini-app link', async () => {
    await make().handleUpdate(textUpdate('/start post_1234'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.payload['reply_markup']).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть объявление', url: 'https://t.me/autoradar_test_bot/app?startapp=post_1234' }],
      ],
    });
  });

  it('greets /start filter_<id>, search, pay and new with a button that opens that place in the mini-app', async () => {
    for (const payload of ['filter_77', 'search', 'pay', 'new']) {
      api.calls.length = 0;
      await make().handleUpdate(textUpdate(`/start ${payload}`));
      const [call] = api.callsOf('sendMessage');
      expect(call?.payload['text']).toContain('Добро пожаловать в АвтоРадар');
      expect(call?.payload['reply_markup']).toEqual({
        inline_keyboard: [
          [{ text: 'Открыть АвтоРадар', url: `https://t.me/autoradar_test_bot/app?startapp=${payload}` }],
        ],
      });
    }
  });

  it('greets /start with a payload it does not know (a malformed post id) like a plain /start', async () => {
    for (const payload of ['post_abc', 'post_', 'hello']) {
      api.calls.length = 0;
      await make().handleUpdate(textUpdate(`/start ${payload}`));
      const [call] = api.callsOf('sendMessage');
      expect(call?.payload['text']).toContain('Добро пожаловать в АвтоРадар');
      expect(call?.payload['reply_markup']).toEqual({
        inline_keyboard: [[{ text: 'Открыть АвтоРадар', web_app: { url: 'https://autoradar.example/tma/' } }]],
      });
    }
  });

  it('uses a url button instead of web_app when the site is not https (local start)', async () => {
    await make({ appUrl: 'http://localhost:3000', botUsername: undefined }).handleUpdate(textUpdate('/start'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.payload['reply_markup']).toEqual({
      inline_keyboard: [[{ text: 'Открыть АвтоРадар', url: 'http://localhost:3000/tma/' }]],
    });
  });

  it('answers any other private message with a hint instead of silence', async () => {
    await make().handleUpdate(textUpdate('продаёте камри?'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.payload['text']).toBe(
      'Я понимаю команды /start, /filters, /stop и /help. Всё остальное — в приложении: нажмите кнопку ниже.',
    );
  });

  it('answers even when Telegram first refuses the reply with 429 retry_after', async () => {
    api.fail('sendMessage', tooManyRequests(1));
    await make().handleUpdate(textUpdate('/start'));
    const calls = api.callsOf('sendMessage');
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]?.payload['text']).toContain('Добро пожаловать в АвтоРадар');
  });

  it('stays silent on group chatter', async () => {
    await make().handleUpdate(textUpdate('всем привет', 'group'));
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('as a process, says clearly that it is disabled without BOT_TOKEN and exits 0', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const res = spawnSync(process.execPath, ['--import', 'tsx', main], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, BOT_TOKEN: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(BOT_DISABLED_MESSAGE);
  });
});
