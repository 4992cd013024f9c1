import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createDb, redactDatabaseUrl, type DbHandle } from '../client';
import { countDifferences, countRows, nonEmptyTables, queryOf, queryOfConnection } from './tables';

// `pnpm db:backup <dir>` / `pnpm db:restore <dir>` (issue 30). A backup folder holds:
//   manifest.json   what it is (postgres | pglite), when, rows per table, media files
//   database.dump   PostgreSQL: pg_dump's custom format, taken on the snapshot the rows were counted on
//   pglite.tar.gz   PGlite: its data directory as PGlite's dumpDataDir() writes it (the process holds the lock)
//   media/          a copy of DATA_DIR/media
// A restore refuses a database or PGlite folder that already holds data, and checks every table's count and the
// number of media files against the manifest.

export const MANIFEST = 'manifest.json';
const FORMAT = 'autoradar-backup/1';

export type BackupManifest = {
  format: typeof FORMAT;
  kind: 'postgres' | 'pglite';
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  media: { files: number; bytes: number };
};

export type DataLocation = {
  /** PostgreSQL connection string; absent: PGlite under `dataDir/pglite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  mediaDir: string;
};

export async function backupDatabase(from: DataLocation, dir: string): Promise<BackupManifest> {
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(`Папка ${dir} не пуста: резервная копия пишется в новую или пустую папку`);
  }
  if (!from.databaseUrl && !existsSync(path.join(from.dataDir, 'pglite'))) {
    throw new Error(
      `В DATA_DIR=${from.dataDir} нет встроенной базы (папки pglite) и не задан DATABASE_URL: копировать нечего`,
    );
  }
  await mkdir(dir, { recursive: true });
  const handle = await createDb({ databaseUrl: from.databaseUrl, dataDir: from.dataDir });
  let counted: Awaited<ReturnType<typeof countRows>>;
  try {
    counted =
      handle.kind === 'postgres'
        ? await dumpPostgres(handle, from.databaseUrl!, path.join(dir, 'database.dump'))
        : await dumpPglite(handle, path.join(dir, 'pglite.tar.gz'));
  } finally {
    await handle.close();
  }
  const media = await copyMedia(from.mediaDir, path.join(dir, 'media'));
  const manifest: BackupManifest = {
    format: FORMAT,
    kind: handle.kind,
    createdAt: new Date().toISOString(),
    migrations: counted.migrations,
    tables: counted.tables,
    media,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** pg_dump on the snapshot of a repeatable-read transaction that also counts the rows: counts and dump agree. */
async function dumpPostgres(handle: Extract<DbHandle, { kind: 'postgres' }>, url: string, file: string) {
  const conn = await handle.client.connect();
  try {
    await conn.query('begin isolation level repeatable read read only');
    const [snapshot] = (await conn.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
    const counted = await countRows(queryOfConnection(conn));
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', `--snapshot=${snapshot!.id}`, `--file=${file}`, `--dbname=${url}`],
      url,
    );
    await conn.query('commit');
    return counted;
  } catch (err) {
    await conn.query('rollback').catch(() => {});
    throw err;
  } finally {
    conn.release();
  }
}

/** The process has the folder's lock, so nothing writes while PGlite packs its data directory. */
async function dumpPglite(handle: Extract<DbHandle, { kind: 'pglite' }>, file: string) {
  const counted = await countRows(queryOf(handle));
  const tarball = await handle.client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  return counted;
}

export type RestoreResult = {
  manifest: BackupManifest;
  tables: Record<string, number>;
  media: { files: number; bytes: number };
};

export async function restoreDatabase(dir: string, to: DataLocation): Promise<RestoreResult> {
  const manifest = await readManifest(dir);
  if (manifest.kind === 'postgres' && !to.databaseUrl) {
    throw new Error('Это копия PostgreSQL: задайте DATABASE_URL пустой базы, в которую её восстановить');
  }
  if (manifest.kind === 'pglite' && to.databaseUrl) {
    throw new Error(
      'Это копия встроенной базы: восстановите её без DATABASE_URL (в DATA_DIR), а в PostgreSQL перенесите командой pnpm db:move-to-postgres',
    );
  }

  let tables: Record<string, number>;
  if (manifest.kind === 'postgres') {
    tables = await restorePostgres(path.join(dir, 'database.dump'), to.databaseUrl!, to.dataDir);
  } else {
    tables = await restorePglite(path.join(dir, 'pglite.tar.gz'), to.dataDir);
  }
  const differ = countDifferences(manifest.tables, tables);
  if (differ.length > 0) throw new Error(`Восстановлено не всё: ${differ.join('; ')}`);

  const media = await copyMedia(path.join(dir, 'media'), to.mediaDir);
  if (media.files < manifest.media.files) {
    throw new Error(`Восстановлено ${media.files} файлов из ${manifest.media.files}`);
  }
  return { manifest, tables, media };
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`В ${dir} нет ${MANIFEST}: это не резервная копия pnpm db:backup`);
  }
  if (manifest.format !== FORMAT) throw new Error(`Неизвестный формат копии в ${dir}: ${String(manifest.format)}`);
  return manifest;
}

async function restorePostgres(file: string, url: string, dataDir: string): Promise<Record<string, number>> {
  const shown = redactDatabaseUrl(url);
  const check = await createDb({ databaseUrl: url, dataDir });
  try {
    const filled = await nonEmptyTables(queryOf(check));
    const [tables] = await queryOf(check)<{ n: string }>(
      `select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind = 'r'`,
    );
    if (filled.length > 0 || Number(tables?.n ?? 0) > 0) {
      throw new Error(`База ${shown} не пуста: восстановление возможно только в новую базу (createdb), без таблиц`);
    }
  } finally {
    await check.close();
  }
  // The extension's comment belongs to its owner (a superuser): leave it out so an ordinary owner can restore.
  const list = (await capture('pg_restore', ['--list', file], url))
    .split('\n')
    .filter((line) => !/ COMMENT - EXTENSION /.test(line))
    .join('\n');
  const listFile = `${file}.list`;
  await writeFile(listFile, list);
  try {
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${listFile}`,
        `--dbname=${url}`,
        file,
      ],
      url,
    );
  } finally {
    await rm(listFile, { force: true });
  }
  const handle = await createDb({ databaseUrl: url, dataDir });
  try {
    return (await countRows(queryOf(handle))).tables;
  } finally {
    await handle.close();
  }
}

async function restorePglite(file: string, dataDir: string): Promise<Record<string, number>> {
  const dir = path.join(dataDir, 'pglite');
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(`Папка ${dir} не пуста: восстановление встроенной базы возможно только в новый DATA_DIR`);
  }
  await mkdir(dir, { recursive: true });
  const tarball = new Blob([await readFile(file)], { type: 'application/x-gzip' });
  const loaded = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: tarball });
  await loaded.close();
  const handle = await createDb({ dataDir });
  try {
    return (await countRows(queryOf(handle))).tables;
  } finally {
    await handle.close();
  }
}

/** Copies every file under `from` into `to` (existing files with the same name are replaced); counts them. */
async function copyMedia(from: string, to: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(from)) return { files: 0, bytes: 0 };
  await mkdir(to, { recursive: true });
  await cp(from, to, { recursive: true, force: true });
  return mediaStats(to);
}

export async function mediaStats(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

function run(cmd: string, args: string[], url: string): Promise<void> {
  return capture(cmd, args, url).then(() => undefined);
}

/** Runs a PostgreSQL client tool; its error output (with the password hidden) becomes the error. */
function capture(cmd: string, args: string[], url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(
        new Error(
          `Не найдена программа ${cmd}: установите клиент PostgreSQL (postgresql-client) той же версии, что сервер`,
          { cause: e },
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(out);
      const secret = safePassword(url);
      const text = (secret ? err.split(secret).join('***') : err).trim().split('\n').slice(-5).join(' ');
      reject(new Error(`${cmd} завершился с кодом ${code}: ${text}`));
    });
  });
}

function safePassword(url: string): string {
  try {
    const p = decodeURIComponent(new URL(url).password);
    return p.length >= 3 ? p : '';
  } catch {
    return '';
  }
}
