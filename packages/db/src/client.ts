import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * Both drivers answer `db.execute()` with an object holding `rows`, so the common type promises that much
 * and callers can read raw results without knowing the driver.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

export interface DbQueryResult<TRow> {
  rows: TRow[];
}

/** The drizzle database every caller uses, whichever driver is underneath. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DbHandleBase {
  db: Db;
  /** Runs `select 1`; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PostgresDbHandle extends DbHandleBase {
  kind: 'postgres';
  client: pg.Pool;
}

export interface PgliteDbHandle extends DbHandleBase {
  kind: 'pglite';
  client: PGlite;
}

export type DbHandle = PostgresDbHandle | PgliteDbHandle;

export type CreateDbOptions = {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Root of local state; PGlite keeps its files under `${dataDir}/pglite`. */
  dataDir: string;
  logger?: (msg: string) => void;
  /** PostgreSQL only: connections in the pool. Default: `DATABASE_POOL_SIZE`, else 10. */
  poolSize?: number | undefined;
  /** PostgreSQL only: `statement_timeout` of every connection, 0 = none. Default: `DATABASE_STATEMENT_TIMEOUT_MS`, else 0. */
  statementTimeoutMs?: number | undefined;
};

const CONNECT_TIMEOUT_MS = 5_000;

export const DEFAULT_POOL_SIZE = 10;
// None unless set: seeding, benchmarks and index builds run statements of minutes; production sets one (README).
export const DEFAULT_STATEMENT_TIMEOUT_MS = 0;

export type DatabaseSettings = { poolSize: number; statementTimeoutMs: number };

/**
 * The pool settings every process shares (issue 30), read from the environment and checked: a wrong value stops the
 * start with the variable's name, like the rest of the configuration.
 */
export function readDatabaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  return {
    poolSize: intSetting(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 1_000),
    statementTimeoutMs: intSetting(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, 0, 86_400_000),
  };
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`Неверная настройка ${name}=${raw}: ожидается целое число от ${min} до ${max}`);
  }
  return value;
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  const log = opts.logger ?? (() => {});
  if (opts.databaseUrl) {
    const settings = readDatabaseSettings();
    return connectPostgres(opts.databaseUrl, log, {
      poolSize: opts.poolSize ?? settings.poolSize,
      statementTimeoutMs: opts.statementTimeoutMs ?? settings.statementTimeoutMs,
    });
  }

  const dir = path.resolve(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw new Error(`Не удалось открыть встроенную базу данных PGlite в ${dir}: ${describeError(err)}`, { cause: err });
  }
  log(`База данных: встроенная PGlite в ${dir}`);
  return pgliteHandle(client, unlock);
}

/**
 * PGlite is single-process: two processes writing one directory corrupt it. A pid lock file next to it refuses the
 * second opener; a lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
        throw new Error(
          `Встроенная база данных ${dir} уже открыта другим процессом (pid ${pid}): остановите его или задайте другой DATA_DIR`,
          { cause: err },
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Не удалось захватить встроенную базу данных ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A throw-away in-memory PGlite database (tests, scripts). Not migrated: call `migrateDb`. */
/** An in-memory PGlite; `loadDataDir`: starting from a dump of another one's data folder (`dumpDataDir`). */
export async function createMemoryDb(options: { loadDataDir?: Blob } = {}): Promise<PgliteDbHandle> {
  return pgliteHandle(await PGlite.create({ extensions: { pg_trgm }, ...options }));
}

function pgliteHandle(client: PGlite, unlock: () => void = () => {}): PgliteDbHandle {
  const db: Db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    client,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

async function connectPostgres(
  databaseUrl: string,
  log: (msg: string) => void,
  settings: DatabaseSettings,
): Promise<PostgresDbHandle> {
  const shown = redactDatabaseUrl(databaseUrl);
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error(`Некорректный DATABASE_URL=${shown}: ожидается postgres://user:password@host:port/database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`Некорректный DATABASE_URL=${shown}: схема должна быть postgres:// или postgresql://`);
  }

  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'autoradar',
    max: settings.poolSize,
    // Set on each new connection by the server itself, so a runaway query is cancelled instead of holding a pool slot.
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool reconnects.
  pool.on('error', (err) => log(`PostgreSQL: соединение потеряно: ${describeError(err)}`));

  const db: Db = drizzleNodePg({ client: pool, schema });
  const handle: PostgresDbHandle = {
    kind: 'postgres',
    db,
    client: pool,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };

  try {
    await handle.ping();
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = hideSecret(describeError(err), url.password ? decodeURIComponent(url.password) : '');
    throw new Error(`Не удалось подключиться к базе данных DATABASE_URL=${shown}: ${reason}`, { cause: err });
  }
  log(`База данных: PostgreSQL ${shown}`);
  return handle;
}

/** The connection string with its password replaced, safe for logs and error messages. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    if (url.searchParams.has('password')) url.searchParams.set('password', '***');
    return url.toString();
  } catch {
    // Unparsable: still hide anything that looks like user:password@ or password=.
    return databaseUrl.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@').replace(/(password=)[^&\s]*/gi, '$1***');
  }
}

function hideSecret(text: string, secret: string): string {
  return secret.length >= 3 ? text.split(secret).join('***') : text;
}

/** One line describing a driver error, including every cause of a multi-address connect failure. */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) {
    return [...new Set(err.errors.map(describeError))].join('; ');
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const text = err.message || (typeof code === 'string' ? code : err.name);
    return text.replace(/\s+/g, ' ').trim();
  }
  return String(err).replace(/\s+/g, ' ').trim();
}
