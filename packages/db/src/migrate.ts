import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client';

/** The committed SQL migrations, resolved from this module so it works from any working directory. */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed 64-bit key: it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_301_190_422_381_001n;

/** Applies the committed migrations that the database has not seen yet; a second call is a no-op. */
export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
    return;
  }
  // Several API instances may start at once: serialise them on one connection holding an advisory lock,
  // so the second one finds the migrations applied instead of racing on CREATE TYPE.
  const conn = await handle.client.connect();
  try {
    // Waiting for another instance's migration and building an index may both take longer than the pool's
    // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS): this one connection has none while it migrates.
    await conn.query('set statement_timeout = 0');
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrateNodePg(drizzleNodePg({ client: conn }), { migrationsFolder });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await conn.query('reset statement_timeout');
    }
  } finally {
    conn.release();
  }
}
