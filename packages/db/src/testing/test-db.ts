import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDb, createMemoryDb, describeError, redactDatabaseUrl, type DbHandle } from '../client';
import { migrateDb } from '../migrate';

export type DbTarget = { name: 'pglite' | 'postgres' };

/** Every DB-backed suite runs once per target. */
export const dbTargets: DbTarget[] = [{ name: 'pglite' }, { name: 'postgres' }];

/** Admin connection used to create and drop the per-suite databases. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const isCi = process.env.CI === 'true';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return describeError(err);
  } finally {
    await client.end().catch(() => {});
  }
}

// Probed once per test process, before any describe() is collected, so that an unreachable server
// can turn the postgres suites into visible skips instead of failures outside CI.
const postgresProblem = await probePostgres();

/** Null when the test PostgreSQL answered; otherwise why it did not. */
export const postgresUnavailableReason: string | null = postgresProblem;

const unavailableMessage = (reason: string) =>
  `PostgreSQL для тестов недоступен (TEST_DATABASE_URL=${redactDatabaseUrl(testDatabaseUrl)}): ${reason}`;

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const TEST_DB_PREFIX = 'ar_test_';
const STALE_AFTER_MS = 6 * 3_600_000;
let staleSweep: Promise<void> | undefined;

// Crashed runs leave their databases behind; the name carries its creation time so later runs can drop them.
async function dropStaleTestDatabases(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEST_DB_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const created = Number.parseInt(datname.slice(TEST_DB_PREFIX.length).split('_')[0] ?? '', 36);
      if (Number.isFinite(created) && Date.now() - created > STALE_AFTER_MS) {
        await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
      }
    }
  });
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database `ar_test_*` that
 * `close()` drops again.
 */
export async function createTestDb(target: DbTarget): Promise<DbHandle> {
  if (target.name === 'pglite') {
    const handle = await createMemoryDb();
    await migrateDb(handle);
    return handle;
  }

  if (postgresProblem) throw new Error(unavailableMessage(postgresProblem));
  staleSweep ??= dropStaleTestDatabases().catch(() => {});
  await staleSweep;

  const name = `${TEST_DB_PREFIX}${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}"`));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;

  let handle: DbHandle;
  try {
    handle = await createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await migrateDb(handle);
  } catch (err) {
    await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
    throw err;
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

let warned = false;

/**
 * `describe` once per database target, with a fresh migrated database created before the suite's tests
 * and closed after them. `getDb()` is valid inside hooks and tests (not at collection time).
 * Outside CI an unreachable PostgreSQL skips the postgres variant with a warning; in CI it fails.
 */
export function describeEachDb(title: string, fn: (getDb: () => DbHandle, target: DbTarget) => void): void {
  for (const target of dbTargets) {
    const name = `${title} [${target.name}]`;
    if (target.name === 'postgres' && postgresProblem && !isCi) {
      if (!warned) {
        warned = true;
        console.warn(`${unavailableMessage(postgresProblem)}; тесты на PostgreSQL пропущены (в CI это ошибка)`);
      }
      describe.skip(name, () =>
        fn(() => {
          throw new Error(unavailableMessage(postgresProblem));
        }, target),
      );
      continue;
    }

    describe(name, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await createTestDb(target);
      });
      afterAll(async () => {
        await handle?.close();
      });
      fn(() => {
        if (!handle) throw new Error('База данных ещё не создана: getDb() доступен в хуках и тестах, не при сборке');
        return handle;
      }, target);
    });
  }
}
