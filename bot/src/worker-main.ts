import { createDb } from '@autoradar/db';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { botSecretProblem, readBotEnv } from './env';
import { startWorkerProcess } from './worker-process';

// The saved-filter notification worker as its own process (production: N of them beside API instances started with
// NOTIFY_WORKER=false). It needs PostgreSQL (DATABASE_URL): an embedded PGlite belongs to the API process, which runs
// the worker itself. Rows are claimed with SKIP LOCKED leases, so any number of these share the queue.

const secretProblem = botSecretProblem();
if (secretProblem) {
  console.error(secretProblem);
  process.exit(1);
}
const env = readBotEnv();
const databaseUrl = process.env['DATABASE_URL']?.trim();
if (!databaseUrl) {
  console.error('Обработчику уведомлений нужен DATABASE_URL (PostgreSQL); со встроенной базой он работает внутри API');
  process.exit(1);
}
const dataDir = process.env['DATA_DIR']?.trim() || './data';
const handle = await createDb({ databaseUrl, dataDir });
const log = {
  info: (o: object, m: string) => console.log(m, JSON.stringify(o)),
  error: (o: object, m: string) => console.error(m, o),
};
const numberEnv = (name: string) => Number(process.env[name] ?? '') || undefined;
const tuning = {
  concurrency: numberEnv('NOTIFY_CONCURRENCY'),
  leaseMs: numberEnv('NOTIFY_LEASE_MS'),
  batchSize: numberEnv('NOTIFY_BATCH'),
  pollIntervalMs: numberEnv('NOTIFY_POLL_MS'),
};
const running = await startWorkerProcess({
  env,
  handle,
  dataDir,
  log,
  publisher: createPusherPublisher(env.reverb),
  smtpUrl: process.env['SMTP_URL']?.trim() || undefined,
  mailFrom: process.env['MAIL_FROM']?.trim() || undefined,
  tuning: Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined)),
  ...(numberEnv('SOURCES_LEASE_MS') ? { sourcesTuning: { leaseMs: numberEnv('SOURCES_LEASE_MS')! } } : {}),
});
console.log(`Обработчик уведомлений ${running.worker.id} запущен${env.token ? '' : ' (без BOT_TOKEN: только e-mail)'}`);
console.log(
  running.sources
    ? `Чтение источников по расписанию запущено (${running.sources.scheduler.workerId})`
    : 'Чтение источников выключено (SOURCES_SCHEDULER=false)',
);

const stop = async () => {
  await running.stop();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
