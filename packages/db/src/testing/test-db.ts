import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDb, createMemoryDb, describeError, redactDatabaseUrl, type DbHandle } from '../client';
import { migrateDb, migrationsFolder } from '../migrate';

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
    // Templates of other migration sets (another checkout may still use one: only those untouched for 6 hours).
    const templates = await admin
      .query<{ datname: string; modified: Date }>(
        `select datname, (pg_stat_file('base/' || oid || '/PG_VERSION')).modification as modified
           from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
      )
      .catch(() => ({ rows: [] }));
    for (const { datname, modified } of templates.rows) {
      if (
        datname !== `${TEMPLATE_PREFIX}${migrationsFingerprint}` &&
        Date.now() - modified.getTime() > STALE_AFTER_MS
      ) {
        await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
      }
    }
  });
}

// Migrating a fresh database costs ~1.7 s of CPU on PGlite and about as long on PostgreSQL, and a full test run
// creates some 500 of them. So the committed migrations are applied once per set of migration files: PGlite's
// migrated data folder is kept as a dump in the system's temporary folder (every test process loads it), and
// PostgreSQL copies a migrated template database (`CREATE DATABASE … TEMPLATE`). Both are keyed by a hash of the
// migration files (and PGlite's installed version), so a new migration makes a new snapshot; the database a test gets
// is the same as migrating it would give. docs/decisions.md, "Test databases from one migrated snapshot".

/** A hash of every migration file and of the PGlite build that reads the dump. */
const migrationsFingerprint = (() => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  hash.update(import.meta.resolve('@electric-sql/pglite'));
  return hash.digest('hex').slice(0, 16);
})();

let pgliteDump: Promise<Blob> | undefined;

/** The migrated PGlite data folder as a dump: read from the temporary folder, or made once and written there. */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `autoradar-test-pglite-${migrationsFingerprint}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await createMemoryDb();
    try {
      await migrateDb(handle);
      const dump = await handle.client.dumpDataDir('none');
      // Written under a unique name and renamed: a process reading it never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  return pgliteDump;
}

/**
 * Runs a statement that needs the source database without connections (`55006`, object in use): a backend of a pool
 * just closed may still be on its way out, so it is tried again for a few seconds.
 */
async function whenUnused(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await run();
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const TEMPLATE_PREFIX = 'ar_tpl_';
const TEMPLATE_LOCK_KEY = 7_301_190_422_381_002n;
let template: Promise<string> | undefined;

/** The migrated template database of this set of migrations, made by the first process that needs it. */
function migratedTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = `${TEMPLATE_PREFIX}${migrationsFingerprint}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY.toString()]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      // Migrated under another name and renamed when done: a template that exists is complete.
      const building = `${TEST_DB_PREFIX}${Date.now().toString(36)}_tpl${randomBytes(3).toString('hex')}`;
      await admin.query(`create database "${building}"`);
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${building}`;
      const handle = await createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
      try {
        await migrateDb(handle);
      } finally {
        await handle.close();
      }
      await whenUnused(() => admin.query(`alter database "${building}" rename to "${name}"`));
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY.toString()]);
    }
  });
  template.catch(() => (template = undefined));
  return template;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database `ar_test_*` that
 * `close()` drops again.
 */
export async function createTestDb(target: DbTarget): Promise<DbHandle> {
  if (target.name === 'pglite') {
    return createMemoryDb({ loadDataDir: await migratedPgliteDump() });
  }

  if (postgresProblem) throw new Error(unavailableMessage(postgresProblem));
  staleSweep ??= dropStaleTestDatabases().catch(() => {});
  await staleSweep;

  const name = `${TEST_DB_PREFIX}${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  const from = await migratedTemplate();
  await withAdmin((admin) => whenUnused(() => admin.query(`create database "${name}" template "${from}"`)));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;

  let handle: DbHandle;
  try {
    handle = await createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
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
