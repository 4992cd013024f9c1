import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, BOT_DISABLED_MESSAGE } from './bot';
import { startBotApiEmulator } from './testing/bot-api-emulator';

const TOKEN = '123456789:AAE_test-token-for-the-emulator-only';
const botInfo = { id: 777000111, is_bot: true as const, first_name: 'АвтоРадар', username: 'autoradar_test_bot', can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: true, has_topics_enabled: false, allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false };
const silent = { info: () => {}, error: () => {} };

function textUpdate(text: string, chatType: 'private' | 'group' = 'private') {
  const entities = text.startsWith('/') ? [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }] : undefined;
  return {
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: chatType === 'private' ? { id: 42, type: 'private' as const, first_name: 'Иван' } : { id: -100, type: 'group' as const, title: 'Авто' },
      from: { id: 42, is_bot: false, first_name: 'Иван' },
      text,
      ...(entities ? { entities } : {}),
    },
  };
}

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
    createBot(TOKEN, { appName: 'АвтоРадар', appUrl: 'https://autoradar.example', botUsername: 'autoradar_test_bot', miniappShortName: 'app', apiUrl: api.url, log: silent, botInfo, ...over });

  it('greets /start in Russian with a button that opens the mini-app', async () => {
    await make().handleUpdate(textUpdate('/start'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.token).toBe(TOKEN);
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
      inline_keyboard: [[{ text: 'Открыть объявление', url: 'https://t.me/autoradar_test_bot/app?startapp=post_1234' }]],
    });
  });

  it('uses a url button instead of web_app when the site is not https (local start)', async () => {
    await make({ appUrl: 'http://localhost:3000', botUsername: undefined }).handleUpdate(textUpdate('/start'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.payload['reply_markup']).toEqual({ inline_keyboard: [[{ text: 'Открыть АвтоРадар', url: 'http://localhost:3000/tma/' }]] });
  });

  it('answers any other private message with a hint instead of silence', async () => {
    await make().handleUpdate(textUpdate('продаёте камри?'));
    const [call] = api.callsOf('sendMessage');
    expect(call?.payload['text']).toBe('Я понимаю команду /start. Всё остальное — в приложении: нажмите кнопку ниже.');
  });

  it('stays silent on group chatter', async () => {
    await make().handleUpdate(textUpdate('всем привет', 'group'));
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('as a process, says clearly that it is disabled without BOT_TOKEN and exits 0', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const res = spawnSync(process.execPath, ['--import', 'tsx', main], { cwd: fileURLToPath(new URL('..', import.meta.url)), env: { ...process.env, BOT_TOKEN: '' }, encoding: 'utf8', timeout: 30_000 });
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(BOT_DISABLED_MESSAGE);
  });
});
