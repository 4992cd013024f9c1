// pnpm --filter @autoradar/bot telegram-session — the one-time login that creates TELEGRAM_SESSION for the MTProto
// reader (channels without a web preview): asks for the phone, the code Telegram sends and the 2FA password, then
// prints the session string. TELEGRAM_API_ID and TELEGRAM_API_HASH (my.telegram.org → API development tools) are read
// from the environment or asked for.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { createTelegramSession } from '@autoradar/server/sources/telegram-mtproto/mtproto-client';

const rl = createInterface({ input: stdin, output: stdout });
const closed = new Promise<never>((_, reject) =>
  rl.once('close', () => reject(new Error('Ввод закончился: команда интерактивная, запустите её в терминале'))),
);
closed.catch(() => undefined);
const ask = async (question: string) => (await Promise.race([rl.question(question), closed])).trim();

try {
  const apiId = Number(process.env['TELEGRAM_API_ID']?.trim() || (await ask('TELEGRAM_API_ID (my.telegram.org): ')));
  const apiHash = process.env['TELEGRAM_API_HASH']?.trim() || (await ask('TELEGRAM_API_HASH (my.telegram.org): '));
  if (!Number.isSafeInteger(apiId) || apiId <= 0 || !/^[0-9a-f]{32}$/i.test(apiHash)) {
    console.error('Нужны api_id (число) и api_hash (32 шестнадцатеричных символа) с my.telegram.org');
    process.exitCode = 2;
  } else {
    const session = await createTelegramSession({ apiId, apiHash }, { ask, say: (line) => console.error(line) });
    console.error(
      '\nГотово. Задайте эту строку как TELEGRAM_SESSION (она даёт доступ к аккаунту — храните как пароль):\n',
    );
    console.log(session);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  rl.close();
}
