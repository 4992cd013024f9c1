import { Bot, type BotConfig, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Db } from '@autoradar/db';
import { currentRequestId } from '@autoradar/server/runtime/request-context';
import { installTelegramLimits, type TelegramLimits } from '@autoradar/server/telegram-api';
import { welcomeFeature } from './features/welcome';
import { unhandledFeature } from './features/unhandled';
import { helpFeature } from './features/help';
import { filtersFeature } from './features/filters';
import { chatMemberFeature } from './features/chat-member';
import { channelPostsFeature, type ChannelPostsDeps } from './features/channel-posts';
import { botMessages } from './messages';
import { canUseWebApp, type LinkSettings } from './links';
import { resolveBotWebhook, startWebhookServer, type BotWebhookEnv } from './webhook';

export interface BotDeps extends LinkSettings {
  appName: string;
  apiUrl: string;
  /** `fields` (when given) go into the JSON line beside the message: the send line's method, chat and request id. */
  log: { info(msg: string, fields?: Record<string, unknown>): void; error(obj: unknown, msg: string): void };
  /** Preset in tests so that no getMe call is made. */
  botInfo?: UserFromGetMe;
  /** Defaults to the process's budget for the token, shared with every other sender (staff notices). */
  limits?: TelegramLimits;
  /** The database for /filters, /stop, the pause buttons and my_chat_member; without it only /start and /help. */
  db?: Db;
  clock?: () => Date;
  /** Posts of channels registered as sources become listings (needs db); without it channel posts are ignored. */
  channelPosts?: Omit<ChannelPostsDeps, 'db' | 'apiUrl' | 'log'>;
  /** BOT_WEBHOOK_URL and friends (readBotWebhookEnv): with a URL the bot takes updates by webhook, else by polling. */
  webhook?: BotWebhookEnv;
}

/** Bot API methods that put a message into a chat. */
const SENDS = /^(send(?!ChatAction)|copyMessage|forwardMessage)/;

export function createBot(token: string, deps: BotDeps): Bot {
  const config: BotConfig<Context> = { client: { apiRoot: deps.apiUrl } };
  if (deps.botInfo) config.botInfo = deps.botInfo;
  const bot = new Bot(token, config);
  // Telegram's limits and 429 retry_after, the same rule as every server-side sender (update contexts inherit it).
  installTelegramLimits(bot.api, deps.limits);
  // The send line (issue 30), outermost so it sees the answer after the limits' waits and retries: the method, the chat
  // and the request id of the webhook call whose update this is (null for a long-polled one).
  bot.api.config.use(async (prev, method, payload, signal) => {
    const answer = await prev(method, payload, signal);
    if (answer.ok && SENDS.test(method)) {
      const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
      deps.log.info('Бот: отправлено', { method, chatId, requestId: currentRequestId() });
    }
    return answer;
  });
  // Error boundary: one failed update is logged and never stops the polling loop.
  bot.catch((err) => deps.log.error({ err: err.error, update: err.ctx.update.update_id }, 'bot update failed'));
  bot.use(welcomeFeature(deps));
  bot.use(helpFeature(deps));
  if (deps.db) {
    const withDb = { ...deps, db: deps.db };
    bot.use(chatMemberFeature(withDb));
    bot.use(filtersFeature(withDb));
    if (deps.channelPosts) {
      bot.use(channelPostsFeature({ ...deps.channelPosts, db: deps.db, apiUrl: deps.apiUrl, log: deps.log }));
    }
  }
  bot.use(unhandledFeature(deps));
  return bot;
}

/**
 * Starts the bot and sets the chat menu button to the mini-app; resolves once the bot is running. With a webhook URL
 * it serves the webhook and registers it (setWebhook with the secret token); otherwise it long-polls (grammY deletes
 * any webhook first).
 */
export async function startBot(
  token: string,
  deps: BotDeps,
): Promise<{ bot: Bot; stop(): Promise<void>; webhookPort?: number }> {
  const webhook = resolveBotWebhook(deps.webhook, token);
  const bot = createBot(token, deps);
  await bot.init();
  await bot.api.setMyCommands(botCommands);
  if (canUseWebApp(deps.appUrl)) {
    await bot.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: botMessages.menuButton, web_app: { url: `${deps.appUrl}/tma/` } },
    });
  }
  if (webhook) {
    const server = await startWebhookServer(bot, webhook);
    try {
      await bot.api.setWebhook(webhook.url, { secret_token: webhook.secretToken, drop_pending_updates: false });
    } catch (err) {
      await server.close();
      throw err;
    }
    deps.log.info(`Бот @${bot.botInfo.username} запущен: обновления через webhook ${webhook.url}`);
    return { bot, stop: () => server.close(), webhookPort: server.port };
  }
  void bot
    .start({ drop_pending_updates: false })
    .catch((err: unknown) => deps.log.error({ err }, 'bot polling stopped'));
  deps.log.info(`Бот @${bot.botInfo.username} запущен`);
  return { bot, stop: () => bot.stop() };
}

/** The command menu Telegram shows next to the input field. */
export const botCommands = [
  { command: 'start', description: 'Открыть приложение' },
  { command: 'filters', description: 'Мои фильтры и уведомления' },
  { command: 'stop', description: 'Приостановить все уведомления' },
  { command: 'help', description: 'Справка' },
];

export const BOT_DISABLED_MESSAGE = 'Бот отключён: BOT_TOKEN не задан. Приложение работает без уведомлений в Telegram.';
