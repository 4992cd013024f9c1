import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, redactDatabaseUrl } from './client';
import { migrateDb } from './migrate';
import { users } from './schema';
import { describeEachDb } from './testing/test-db';

const tempDirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-db-'));
  tempDirs.push(dir);
  return dir;
};

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('createDb with PGlite', () => {
  it('persists rows under dataDir across close and re-open', async () => {
    const dataDir = await tempDir();
    const started = performance.now();
    const first = await createDb({ dataDir });
    await migrateDb(first);
    console.info(`[pglite] open + migrate a new persisted database: ${Math.round(performance.now() - started)} ms`);
    expect(first.kind).toBe('pglite');
    // Above 2^32 on purpose: Telegram ids do not fit 32 bits.
    await first.db.insert(users).values({ telegramId: 7_123_456_789, firstName: 'Иван' });
    await first.close();

    const reopenedAt = performance.now();
    const second = await createDb({ dataDir });
    await migrateDb(second);
    console.info(`[pglite] re-open + migrate (no-op): ${Math.round(performance.now() - reopenedAt)} ms`);
    const [row] = await second.db.select().from(users).where(eq(users.telegramId, 7_123_456_789));
    expect(row?.firstName).toBe('Иван');
    expect(row?.roles).toEqual([]);
    expect(row?.timeZone).toBe('Europe/Moscow');
    await second.close();
  });

  it('refuses a second opener of the same directory while the first is open, then lets it in', async () => {
    const dataDir = await tempDir();
    const first = await createDb({ dataDir });
    await expect(createDb({ dataDir })).rejects.toThrow(/уже открыта другим процессом \(pid \d+\).*DATA_DIR/);
    await first.close();
    const second = await createDb({ dataDir });
    await second.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = await tempDir();
    const { writeFile } = await import('node:fs/promises');
    await (await createDb({ dataDir })).close();
    await writeFile(path.join(dataDir, 'pglite.lock'), '2147483646');
    const handle = await createDb({ dataDir });
    await handle.close();
  });

  it('reports its kind and answers ping', async () => {
    const handle = await createDb({ dataDir: await tempDir(), logger: () => {} });
    await expect(handle.ping()).resolves.toBeUndefined();
    await handle.close();
  });
});

describe('createDb with a bad DATABASE_URL', () => {
  it('rejects with one line naming the address, without the password', async () => {
    const databaseUrl = 'postgres://autoradar:s3cr3t-pa55@127.0.0.1:5999/autoradar';
    const started = performance.now();
    const error = await createDb({ databaseUrl, dataDir: await tempDir() }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^Не удалось подключиться к базе данных DATABASE_URL=postgres:\/\/autoradar:\*\*\*@127\.0\.0\.1:5999\/autoradar: /,
    );
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('s3cr3t-pa55');
    expect(message).not.toContain('\n');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('rejects an unparsable URL without echoing the password', async () => {
    const error = await createDb({ databaseUrl: 'postgres//user:hunter22@@@:x', dataDir: await tempDir() }).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/^Некорректный DATABASE_URL=/);
    expect(error?.message).not.toContain('hunter22');
  });

  it('rejects a URL of another scheme', async () => {
    await expect(createDb({ databaseUrl: 'mysql://root:pw@localhost/db', dataDir: await tempDir() })).rejects.toThrow(
      /схема должна быть postgres/,
    );
  });

  it('hides passwords given as a query parameter', () => {
    expect(redactDatabaseUrl('postgres://u@h/db?password=topsecret')).not.toContain('topsecret');
  });
});

describeEachDb('createDb', (getDb, target) => {
  it(`connects to ${target.name} and answers ping`, async () => {
    const handle = getDb();
    expect(handle.kind).toBe(target.name);
    await expect(handle.ping()).resolves.toBeUndefined();
    const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]?.one).toBe(1);
  });

  it('round-trips 64-bit Telegram ids and array columns', async () => {
    const { db } = getDb();
    const [user] = await db
      .insert(users)
      .values({ telegramId: 2 ** 40 + 5, roles: ['admin'], username: 'ivan' })
      .returning();
    expect(user?.telegramId).toBe(2 ** 40 + 5);
    expect(user?.roles).toEqual(['admin']);
    expect(user?.createdAt).toBeInstanceOf(Date);
  });
});
