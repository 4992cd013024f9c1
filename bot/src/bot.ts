import { Bot, type BotConfig, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { welcomeFeature } from './features/welcome';
import { unhandledFeature } from './features/unhandled';
import { botMessages } from './messages';
import { canUseWebApp, type LinkSettings } from './links';

export interface BotDeps extends LinkSettings {
  appName: string;
  apiUrl: string;
  log: { info(msg: string): void; error(obj: unknown, msg: string): void };
  /** Preset in tests so that no getMe call is made. */
  botInfo?: UserFromGetMe;
}

export function createBot(token: string, deps: BotDeps): Bot {
  const config: BotConfig<Context> = { client: { apiRoot: deps.apiUrl } };
  if (deps.botInfo) config.botInfo = deps.botInfo;
  const bot = new Bot(token, config);
  // Error boundary: one failed update is logged and never stops the polling loop.
  bot.catch((err) => deps.log.error({ err: err.error, update: err.ctx.update.update_id }, 'bot update failed'));
  bot.use(welcomeFeature(deps));
  bot.use(unhandledFeature(deps));
  return bot;
}

/** Starts long polling and sets the chat menu button to the mini-app; resolves once the bot is running. */
export async function startBot(token: string, deps: BotDeps): Promise<{ bot: Bot; stop(): Promise<void> }> {
  const bot = createBot(token, deps);
  await bot.init();
  if (canUseWebApp(deps.appUrl)) {
    await bot.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: botMessages.menuButton, web_app: { url: `${deps.appUrl}/tma/` } },
    });
  }
  void bot.start({ drop_pending_updates: false }).catch((err: unknown) => deps.log.error({ err }, 'bot polling stopped'));
  deps.log.info(`Бот @${bot.botInfo.username} запущен`);
  return { bot, stop: () => bot.stop() };
}

export const BOT_DISABLED_MESSAGE = 'Бот отключён: BOT_TOKEN не задан. Приложение работает без уведомлений в Telegram.';
