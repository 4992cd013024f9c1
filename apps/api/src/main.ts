import { mkdirSync } from 'node:fs';
import { createDb, importReferenceData, migrateDb, type DbHandle } from '@autoradar/db';
import { BOT_DISABLED_MESSAGE, startBot } from '@autoradar/bot';
import { createLogger } from '@autoradar/server/runtime/logger';
import { installProcessGuards } from '@autoradar/server/runtime/process-guards';
import { configureTelegramBudget } from '@autoradar/server/telegram-budget';
import { startOpsServers } from '@autoradar/server/runtime/ops-server';
import { seedDemoListings } from '@autoradar/server/listings/demo-listings';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from '@autoradar/server/config/config';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { describeRealtimeServer, startRealtimeFromConfig } from './realtime/realtime.plugin';

// The composition root of `pnpm start`: config -> database (migrate, reference data, demo data) -> HTTP ->
// websockets -> bot.
// Any failure before the server listens ends the process with one clear line and a non-zero exit code.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function prepareDatabase(config: Config): Promise<DbHandle> {
  let db: DbHandle;
  try {
    db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    fail(describeError(err));
  }
  await migrateDb(db);
  const ref = await importReferenceData(db.db);
  if (config.demoData) await seedDemoListings(db.db, { mediaDir: config.mediaDir });
  console.log(
    `База данных: ${db.kind === 'pglite' ? `встроенная (PGlite, ${config.dataDir})` : 'PostgreSQL'}; справочники: ` +
      `${ref.brands} марок, ${ref.models} моделей, ${ref.cities} городов` +
      (config.demoData ? '; демо-объявления включены (DEMO_DATA=false отключает)' : ''),
  );
  return db;
}

async function listen(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Порт ${config.port} занят: задайте другой в PORT или остановите процесс, который его занял`);
    if (code === 'EACCES') fail(`Нет прав открыть порт ${config.port}: задайте в PORT порт выше 1024`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fail(`Неверная настройка HOST=${config.host}: такого адреса нет на этой машине`);
    fail(`Не удалось запустить сервер на ${config.host}:${config.port}: ${describeError(err)}`);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  // JSON lines at LOG_LEVEL (the start-up lines above and below stay plain Russian sentences for the operator).
  const log = createLogger({ name: 'api', level: config.logLevel });
  installProcessGuards(log);
  // One Bot API budget with every other sending process (Redis when REDIS_URL is set), before any Api is built.
  configureTelegramBudget({ redisUrl: config.redisUrl, token: config.bot.token });
  mkdirSync(config.mediaDir, { recursive: true });

  const db = await prepareDatabase(config);
  const app = await buildApp({ config, db, logger: log });
  await listen(app, config);
  // /metrics on the internal METRICS_PORT (health and readiness are on the public port: /api/health, /api/ready).
  let ops: Awaited<ReturnType<typeof startOpsServers>>;
  try {
    ops = await startOpsServers({ config, processName: 'api', handle: db, health: false });
  } catch (err) {
    fail(`Не удалось открыть порт метрик METRICS_PORT=${config.metrics.port}: ${describeError(err)}`);
  }
  let realtime: Awaited<ReturnType<typeof startRealtimeFromConfig>>;
  try {
    realtime = await startRealtimeFromConfig(app, config);
  } catch (err) {
    fail(describeError(err));
  }

  let bot: { stop(): Promise<void> } | undefined;
  if (config.bot.token && !config.bot.inApi) {
    console.log('Бот работает отдельным процессом (BOT_IN_API=false): API только проверяет вход по BOT_TOKEN');
  } else if (config.bot.token) {
    try {
      bot = await startBot(config.bot.token, {
        appName: config.appName,
        appUrl: config.appUrl,
        botUsername: config.bot.username,
        miniappShortName: config.bot.miniappShortName,
        apiUrl: config.bot.apiUrl,
        // BOT_WEBHOOK_URL set: updates come by webhook (production); otherwise long polling.
        webhook: config.bot.webhook,
        db: db.db,
        log: { info: (m, fields) => app.log.info(fields ?? {}, m), error: (o, m) => app.log.error(o, m) },
        // Channels registered as sources: their posts become listings, photos stored beside the uploads. The bot
        // announces on the API's fan-out: one per process.
        channelPosts: { storage: createMediaStorage({ mediaDir: config.mediaDir }), events: app.events },
      });
    } catch (err) {
      // The marketplace still works without the bot; say so loudly instead of failing the whole start.
      app.log.error({ err }, `Не удалось запустить бота: ${describeError(err)}`);
    }
  } else {
    console.log(BOT_DISABLED_MESSAGE);
  }

  console.log(describeRealtimeServer(config, realtime, app.realtimeBus));
  console.log(`${config.appName} работает: ${config.appUrl}/  (мини-приложение: ${config.appUrl}/tma/)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: завершаем работу`);
    // In-flight requests finish; a stuck close must not keep the process forever.
    const force = setTimeout(() => fail('Завершение заняло больше 10 с, выходим принудительно'), 10_000);
    force.unref();
    // First, so clients get 4200 and reconnect while the rest shuts down.
    await realtime.close().catch(() => undefined);
    await bot?.stop().catch(() => undefined);
    await app.close();
    await ops.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => fail(`Не удалось запустить сервер: ${describeError(err)}`));
