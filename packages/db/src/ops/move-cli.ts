// `pnpm db:move-to-postgres postgres://…`: the embedded database in DATA_DIR carried into an empty PostgreSQL.
import { redactDatabaseUrl } from '../client';
import { moveToPostgres } from './move-to-postgres';
import { readOpsEnv, runCommand } from './ops-env';

await runCommand(async () => {
  const url = process.argv[2]?.trim();
  if (!url) throw new Error('Использование: pnpm db:move-to-postgres postgres://пользователь:пароль@хост:5432/база');
  const env = readOpsEnv();
  const result = await moveToPostgres({ dataDir: env.dataDir, targetUrl: url, log: (line) => console.log(line) });
  return (
    `Готово: ${result.rows} строк, ${result.sequences} последовательностей. Фото остаются в ${env.mediaDir}.\n` +
    `Запускайте с тем же DATA_DIR и DATABASE_URL=${redactDatabaseUrl(url)}`
  );
});
