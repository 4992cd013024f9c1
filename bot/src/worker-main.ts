import { createDb } from '@autoradar/db';
import { createMailer, outboxDirOf } from '@autoradar/server/mail';
import { createNotifyTelegramApi } from '@autoradar/server/notify/notify-telegram';
import { listenForNotifyJobs } from '@autoradar/server/notify/notify-wake';
import { createNotifyWorker } from '@autoradar/server/notify/notify-worker';
import { readBotEnv } from './env';

// The saved-filter notification worker as its own process (production: N of them beside API instances started with
// NOTIFY_WORKER=false). It needs PostgreSQL (DATABASE_URL): an embedded PGlite belongs to the API process, which runs
// the worker itself. Rows are claimed with SKIP LOCKED leases, so any number of these share the queue.

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
const mailer = createMailer({
  smtpUrl: process.env['SMTP_URL']?.trim() || undefined,
  from: process.env['MAIL_FROM']?.trim() || `${env.appName} <no-reply@localhost>`,
  outboxDir: outboxDirOf(dataDir),
});
const numberEnv = (name: string) => Number(process.env[name] ?? '') || undefined;
const tuning = {
  concurrency: numberEnv('NOTIFY_CONCURRENCY'),
  leaseMs: numberEnv('NOTIFY_LEASE_MS'),
  batchSize: numberEnv('NOTIFY_BATCH'),
  pollIntervalMs: numberEnv('NOTIFY_POLL_MS'),
};
const worker = createNotifyWorker({
  db: handle.db,
  log,
  appName: env.appName,
  links: { appUrl: env.appUrl, botUsername: env.botUsername, miniappShortName: env.miniappShortName },
  ...(env.token ? { telegram: createNotifyTelegramApi({ token: env.token, apiUrl: env.apiUrl }) } : {}),
  mailer,
  ...Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined)),
});
const unlisten = await listenForNotifyJobs(handle, () => worker.wake(), log);
worker.start();
console.log(`Обработчик уведомлений ${worker.id} запущен${env.token ? '' : ' (без BOT_TOKEN: только e-mail)'}`);

const stop = async () => {
  await unlisten();
  await worker.stop();
  mailer.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
