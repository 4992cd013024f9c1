// `pnpm db:backup <dir>`: the database (DATABASE_URL, or the embedded one in DATA_DIR) and DATA_DIR/media into <dir>.
import { backupDatabase } from './backup';
import { argumentPath, readOpsEnv, runCommand } from './ops-env';

await runCommand(async () => {
  const arg = process.argv[2]?.trim();
  if (!arg) throw new Error('Использование: pnpm db:backup <папка для копии>');
  const dir = argumentPath(arg);
  const manifest = await backupDatabase(readOpsEnv(), dir);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return `Копия ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'встроенной базы'} в ${dir}: ${rows} строк в ${Object.keys(manifest.tables).length} таблицах, ${manifest.media.files} файлов`;
});
