import { createDb, migrateDb } from '@autoradar/db';
import { ConfigError, loadConfig } from '@autoradar/server/config/config';
import { grantAdmin } from '@autoradar/server/users/grant-admin';

// pnpm --filter @autoradar/api admin:grant <telegram id|email>
const identifier = process.argv[2];
if (!identifier) {
  console.error('Использование: pnpm --filter @autoradar/api admin:grant <telegram id|email>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDb(handle);
    const result = await grantAdmin(handle.db, identifier);
    (result.ok ? console.log : console.error)(result.message);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
