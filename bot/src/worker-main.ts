import { createDb } from '@autoradar/db';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { createLogger } from '@autoradar/server/runtime/logger';
import { installProcessGuards } from '@autoradar/server/runtime/process-guards';
import { configureTelegramBudget } from '@autoradar/server/telegram-budget';
import { botEnvOf, loadProcessConfigOrExit } from './env';
import { startOpsServers } from '@autoradar/server/runtime/ops-server';
import { startWorkerProcess } from './worker-process';

// The saved-filter notification worker as its own process (production: N of them beside API instances started with
// NOTIFY_WORKER=false). It needs PostgreSQL (DATABASE_URL): an embedded PGlite belongs to the API process, which runs
// the worker itself. Rows are claimed with SKIP LOCKED leases, so any number of these share the queue. It reads the one
// configuration every process reads, logs JSON lines and serves /api/health, /api/ready (HEALTH_PORT) and /metrics
// (METRICS_PORT).

const config = loadProcessConfigOrExit('worker');
const env = botEnvOf(config);
if (!config.databaseUrl) {
  console.error('Обработчику уведомлений нужен DATABASE_URL (PostgreSQL); со встроенной базой он работает внутри API');
  process.exit(1);
}
const log = createLogger({ name: 'worker', level: config.logLevel });
const sourcesLeaseMs = Number(process.env['SOURCES_LEASE_MS'] ?? '') || undefined;
installProcessGuards(log);
// One Bot API budget with every other sending process (Redis when REDIS_URL is set), before any Api is built.
configureTelegramBudget({ redisUrl: config.redisUrl, token: config.bot.token });
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const running = await startWorkerProcess({
  env,
  handle,
  dataDir: config.dataDir,
  log,
  publisher: createPusherPublisher(env.reverb),
  smtpUrl: config.mail.smtpUrl,
  mailFrom: config.mail.from,
  tuning: config.notify.tuning,
  // Tests only: a short source lease, so a killed worker's sources move on quickly.
  ...(sourcesLeaseMs ? { sourcesTuning: { leaseMs: sourcesLeaseMs } } : {}),
});
const ops = await startOpsServers({ config, processName: 'worker', handle });
console.log(`Обработчик уведомлений ${running.worker.id} запущен${env.token ? '' : ' (без BOT_TOKEN: только e-mail)'}`);
console.log(
  running.sources
    ? `Чтение источников по расписанию запущено (${running.sources.scheduler.workerId})`
    : 'Чтение источников выключено (SOURCES_SCHEDULER=false)',
);

const stop = async () => {
  await running.stop();
  await ops.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
