export { createBot, startBot, BOT_DISABLED_MESSAGE, type BotDeps } from './bot';
export { appLink, parseStartPayload } from './links';
export { botMessages } from './messages';
export { readBotWebhookEnv, type BotWebhookEnv } from './webhook';
