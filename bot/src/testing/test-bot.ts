import type { Bot } from 'grammy';
import { createTelegramLimits } from '@autoradar/server/telegram-api';
import { createBot, type BotDeps } from '../bot';

// The bot as the tests build it against the Bot API emulator (bot.test.ts, webhook.test.ts, features/*.test.ts,
// tests/realtime/channel-posts.test.ts): one token, one getMe answer, the same links and a fresh Telegram budget.

export const TEST_BOT_TOKEN = '123456789:AAE_test-token-for-the-emulator-only';

/** What getMe would answer; preset so that no test makes that call. */
export const testBotInfo = {
  id: 777000111,
  is_bot: true as const,
  first_name: 'АвтоРадар',
  username: 'autoradar_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

export const silentBotLog: BotDeps['log'] = { info: () => {}, error: () => {} };

/**
 * A bot that talks to the emulator at `apiUrl`. A fresh Telegram budget per bot, so tests that all write to one chat
 * do not queue behind each other's second; `over` adds the database, channel posts or other links.
 */
export function createTestBot(apiUrl: string, over: Partial<BotDeps> = {}): Bot {
  return createBot(TEST_BOT_TOKEN, testBotDeps(apiUrl, over));
}

/** What createTestBot builds the bot with, for tests that start it themselves (startBot, webhook mode). */
export function testBotDeps(apiUrl: string, over: Partial<BotDeps> = {}): BotDeps {
  return {
    appName: 'АвтоРадар',
    appUrl: 'https://autoradar.example',
    botUsername: 'autoradar_test_bot',
    miniappShortName: 'app',
    apiUrl,
    log: silentBotLog,
    botInfo: testBotInfo,
    limits: createTelegramLimits(),
    ...over,
  };
}

/** A text message from user 42 (Иван), in his private chat or in a group; a leading /command is marked as one. */
export function textUpdate(text: string, chatType: 'private' | 'group' = 'private') {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }]
    : undefined;
  return {
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat:
        chatType === 'private'
          ? { id: 42, type: 'private' as const, first_name: 'Иван' }
          : { id: -100, type: 'group' as const, title: 'Авто' },
      from: { id: 42, is_bot: false, first_name: 'Иван' },
      text,
      ...(entities ? { entities } : {}),
    },
  };
}
