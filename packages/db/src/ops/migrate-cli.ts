// `pnpm db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database in DATA_DIR) and
// exits. Safe next to running instances: it takes the same advisory lock as every start does.
import { sql } from 'drizzle-orm';
import { createDb, redactDatabaseUrl, type DbHandle } from '../client';
import { migrateDb } from '../migrate';
import { readOpsEnv, runCommand } from './ops-env';

await runCommand(async () => {
  const env = readOpsEnv();
  const handle = await createDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const before = await appliedCount(handle);
    await migrateDb(handle);
    const after = await appliedCount(handle);
    const where = env.databaseUrl ? redactDatabaseUrl(env.databaseUrl) : `встроенная база ${env.dataDir}`;
    return after > before
      ? `Миграции применены (${after - before} новых, всего ${after}): ${where}`
      : `Новых миграций нет (применено ${after}): ${where}`;
  } finally {
    await handle.close();
  }
});

async function appliedCount(handle: DbHandle): Promise<number> {
  try {
    const result = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0; // no migrations table yet: a new database
  }
}
