import { createDb } from '@autoradar/db';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { createLogger } from '@autoradar/server/runtime/logger';
import { installProcessGuards } from '@autoradar/server/runtime/process-guards';
import { configureTelegramBudget } from '@autoradar/server/telegram-budget';
import { botEnvOf, loadProcessConfigOrExit } from './env';
import { BOT_DISABLED_MESSAGE } from './bot';
import { startBotProcess } from './bot-process';
import { startOpsServers } from '@autoradar/server/runtime/ops-server';

// The bot as its own process (production compose). The embedded default runs it inside the API process instead,
// because an embedded PGlite database can be opened by one process only. It reads the one configuration every
// process reads (packages/server/src/config/config.ts), logs JSON lines and serves /api/health, /api/ready
// (HEALTH_PORT) and /metrics (METRICS_PORT).
const config = loadProcessConfigOrExit('bot');
const env = botEnvOf(config);
if (!env.token) {
  console.log(BOT_DISABLED_MESSAGE);
  process.exit(0);
}
const logger = createLogger({ name: 'bot', level: config.logLevel });
installProcessGuards(logger);
// One Bot API budget with every other sending process (Redis when REDIS_URL is set), before any Api is built.
configureTelegramBudget({ redisUrl: config.redisUrl, token: config.bot.token });
const log = {
  info: (m: string, fields?: Record<string, unknown>) => logger.info(fields ?? {}, m),
  error: (o: unknown, m: string) => logger.error(o, m),
};
try {
  // With PostgreSQL the bot answers /filters and /stop, follows my_chat_member and turns the posts of channels
  // registered as sources into listings; the API migrates the database.
  const handle = config.databaseUrl
    ? await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    : undefined;
  const running = await startBotProcess({
    token: env.token,
    env,
    log,
    ...(handle ? { db: handle.db } : {}),
    mediaDir: config.mediaDir,
    publisher: createPusherPublisher(env.reverb),
  });
  const ops = await startOpsServers({ config, processName: 'bot', ...(handle ? { handle } : {}) });
  console.log(`Бот запущен${running.webhookPort ? ` (webhook на порту ${running.webhookPort})` : ''}`);
  const stop = () =>
    void running
      .stop()
      .then(() => ops.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Не удалось запустить бота: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
