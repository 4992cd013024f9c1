import { readBotEnv } from './env';
import { BOT_DISABLED_MESSAGE, startBot } from './bot';

// The bot as its own process (production compose). The embedded default runs it inside the API process instead,
// because an embedded PGlite database can be opened by one process only.
const env = readBotEnv();
if (!env.token) {
  console.log(BOT_DISABLED_MESSAGE);
  process.exit(0);
}
const log = { info: (m: string) => console.log(m), error: (o: unknown, m: string) => console.error(m, o) };
try {
  const running = await startBot(env.token, { ...env, log });
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(`Не удалось запустить бота: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
