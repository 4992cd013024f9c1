import path from 'node:path';
import { createDb } from '@autoradar/db';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { botSecretProblem, readBotEnv } from './env';
import { BOT_DISABLED_MESSAGE } from './bot';
import { startBotProcess } from './bot-process';

// The bot as its own process (production compose). The embedded default runs it inside the API process instead,
// because an embedded PGlite database can be opened by one process only.
const secretProblem = botSecretProblem();
if (secretProblem) {
  console.error(secretProblem);
  process.exit(1);
}
const env = readBotEnv();
if (!env.token) {
  console.log(BOT_DISABLED_MESSAGE);
  process.exit(0);
}
const log = { info: (m: string) => console.log(m), error: (o: unknown, m: string) => console.error(m, o) };
try {
  // With PostgreSQL the bot answers /filters and /stop, follows my_chat_member and turns the posts of channels
  // registered as sources into listings; the API migrates the database.
  const databaseUrl = process.env['DATABASE_URL']?.trim();
  const dataDir = process.env['DATA_DIR']?.trim() || './data';
  const handle = databaseUrl ? await createDb({ databaseUrl, dataDir }) : undefined;
  const running = await startBotProcess({
    token: env.token,
    env,
    log,
    ...(handle ? { db: handle.db } : {}),
    mediaDir: path.join(dataDir, 'media'),
    publisher: createPusherPublisher(env.reverb),
  });
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Не удалось запустить бота: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
