// `pnpm db:restore <dir>`: a `pnpm db:backup` copy into the empty DATABASE_URL (or a new DATA_DIR), media included.
import { restoreDatabase } from './backup';
import { argumentPath, readOpsEnv, runCommand } from './ops-env';

await runCommand(async () => {
  const arg = process.argv[2]?.trim();
  if (!arg) throw new Error('Использование: pnpm db:restore <папка копии>');
  const env = readOpsEnv();
  const result = await restoreDatabase(argumentPath(arg), env);
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  return `Восстановлено: ${rows} строк в ${Object.keys(result.tables).length} таблицах (совпадает с копией), ${result.media.files} файлов в ${env.mediaDir}`;
});
