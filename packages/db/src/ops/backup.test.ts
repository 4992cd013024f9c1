import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client';
import { migrateDb } from '../migrate';
import { draftMedia, drafts, filters, sessions, users } from '../schema';
import { importReferenceData } from '../seed/reference';
import { postgresUnavailableReason, testDatabaseUrl } from '../testing/test-db';
import { backupDatabase, restoreDatabase, type DataLocation } from './backup';
import { countRows, queryOf } from './tables';

// Issue 30: `pnpm db:backup` then `pnpm db:restore` into a new database (PostgreSQL) or a new DATA_DIR (PGlite)
// keeps every row, table by table, and every media file byte for byte.

// Each test opens PGlite several times (source, copy, both counted): minutes on a loaded shared machine.
const SLOW = { timeout: 300_000 };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const done of cleanups.reverse()) await done().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function newPostgresDatabase(): Promise<string> {
  const name = `ar_test_${Date.now().toString(36)}_bk${Math.floor(Math.random() * 1e6)}`;
  const admin = await createDb({ databaseUrl: testDatabaseUrl, dataDir: os.tmpdir() });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  cleanups.push(async () => {
    const a = await createDb({ databaseUrl: testDatabaseUrl, dataDir: os.tmpdir() });
    await a.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await a.close();
  });
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Reference data, two users with sessions, a saved filter (its trigger-made match keys), a draft with a photo. */
async function fill(handle: DbHandle, mediaDir: string): Promise<void> {
  await migrateDb(handle);
  await importReferenceData(handle.db);
  const made = await handle.db
    .insert(users)
    .values([
      { telegramId: 7_100_000_001, firstName: 'Анна' },
      { email: 'ivan@example.ru', firstName: 'Иван' },
    ])
    .returning({ id: users.id });
  await handle.db.insert(sessions).values(made.map((u, i) => ({ userId: u.id, tokenHash: `hash-${i}` })));
  await handle.db.insert(filters).values({ userId: made[0]!.id, name: 'Камри', brands: [1], models: [], cities: [] });
  const [draft] = await handle.db.insert(drafts).values({ userId: made[1]!.id, price: 1_000_000 }).returning();
  await handle.db
    .insert(draftMedia)
    .values({ draftId: draft!.id, src: `/media/drafts/${draft!.id}/a.jpg`, main: true });
  await mkdir(path.join(mediaDir, 'drafts', String(draft!.id)), { recursive: true });
  await writeFile(
    path.join(mediaDir, 'drafts', String(draft!.id), 'a.jpg'),
    Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]),
  );
  await mkdir(path.join(mediaDir, 'demo'), { recursive: true });
  await writeFile(path.join(mediaDir, 'demo', 'b.webp'), Buffer.alloc(4096, 7));
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, full)] = (await readFile(full)).toString('base64');
    }
  }
  return out;
}

async function snapshot(location: DataLocation) {
  const handle = await createDb({ databaseUrl: location.databaseUrl, dataDir: location.dataDir });
  try {
    const counted = await countRows(queryOf(handle));
    const people = await handle.db.select().from(users).orderBy(asc(users.id));
    const [next] = (await handle.db.execute<{ id: string }>(sql`select nextval('users_id_seq')::text as id`)).rows;
    return { ...counted, people, nextUserId: next!.id, files: await filesOf(location.mediaDir) };
  } finally {
    await handle.close();
  }
}

async function location(databaseUrl?: string): Promise<DataLocation> {
  const dataDir = await tempDir('autoradar-bk-data-');
  return { databaseUrl, dataDir, mediaDir: path.join(dataDir, 'media') };
}

function expectSame(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) {
  expect(after.tables).toEqual(before.tables);
  expect(after.migrations).toBe(before.migrations);
  expect(after.people).toEqual(before.people);
  expect(after.files).toEqual(before.files);
  expect(Object.keys(after.files)).toHaveLength(2);
}

describe('db:backup and db:restore, embedded PGlite', () => {
  it('restores into a new DATA_DIR every row table by table and every media file', SLOW, async () => {
    const from = await location();
    const handle = await createDb({ dataDir: from.dataDir });
    await fill(handle, from.mediaDir);
    await handle.close();
    const dir = path.join(await tempDir('autoradar-bk-'), 'copy');

    const manifest = await backupDatabase(from, dir);
    expect(manifest.kind).toBe('pglite');
    expect(manifest.tables.users).toBe(2);
    expect(manifest.tables.draft_media).toBe(1);
    expect(manifest.media.files).toBe(2);

    const to = await location();
    const restored = await restoreDatabase(dir, to);
    expect(restored.tables).toEqual(manifest.tables);
    // Snapshots read nextval, so each side is looked at after the restore compared its counts.
    expectSame(await snapshot(from), await snapshot(to));

    await expect(restoreDatabase(dir, to)).rejects.toThrow(/не пуста: восстановление встроенной базы/);
    await expect(backupDatabase(from, dir)).rejects.toThrow(/не пуста/);
    await expect(restoreDatabase(dir, { ...to, databaseUrl: testDatabaseUrl })).rejects.toThrow(/db:move-to-postgres/);
  });

  it('refuses while another process has the embedded database open', SLOW, async () => {
    const from = await location();
    const running = await createDb({ dataDir: from.dataDir });
    try {
      await expect(backupDatabase(from, path.join(await tempDir('autoradar-bk-'), 'copy'))).rejects.toThrow(
        /уже открыта другим процессом/,
      );
    } finally {
      await running.close();
    }
  });
});

const describePg = postgresUnavailableReason && process.env.CI !== 'true' ? describe.skip : describe;

describePg('db:backup and db:restore, PostgreSQL', () => {
  it('restores into a new database every row table by table and every media file', SLOW, async () => {
    const from = await location(await newPostgresDatabase());
    const handle = await createDb({ databaseUrl: from.databaseUrl, dataDir: from.dataDir });
    await fill(handle, from.mediaDir);
    await handle.close();
    const dir = path.join(await tempDir('autoradar-bk-'), 'copy');

    const manifest = await backupDatabase(from, dir);
    expect(manifest.kind).toBe('postgres');
    expect(manifest.tables.sessions).toBe(2);
    expect(manifest.media.files).toBe(2);

    const to = await location(await newPostgresDatabase());
    const restored = await restoreDatabase(dir, to);
    expect(restored.tables).toEqual(manifest.tables);
    expectSame(await snapshot(from), await snapshot(to));

    await expect(restoreDatabase(dir, to)).rejects.toThrow(/не пуста: восстановление возможно только в новую базу/);
    await expect(restoreDatabase(dir, { ...to, databaseUrl: undefined })).rejects.toThrow(/задайте DATABASE_URL/);
  });
});
