import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LISTING_PRICE_MAX, MILEAGE_MAX, POSITION_MAX, PRICE_MAX } from '@autoradar/core';
import { createMemoryDb } from '../client';
import { migrationsFolder } from '../migrate';
import { describeEachDb } from '../testing/test-db';
import { filters, partners, posts, prompts, users } from './index';

/** The PostgreSQL error code of a failed write, looked up through drizzle's wrapping. */
async function failureCode(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (err) {
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    throw err;
  }
  return undefined;
}

const CHECK_VIOLATION = '23514';

describeEachDb('range checks on stored numbers', (getDb) => {
  let userId: number;
  let partnerId: number;
  beforeAll(async () => {
    const [user] = await getDb().db.insert(users).values({}).returning({ id: users.id });
    const [partner] = await getDb()
      .db.insert(partners)
      .values({ title: 'Партнёр', url: 'https://example.ru' })
      .returning({ id: partners.id });
    userId = user!.id;
    partnerId = partner!.id;
  });

  const post = (over: Partial<typeof posts.$inferInsert>) =>
    getDb()
      .db.insert(posts)
      .values({ channel: 'site', title: 'Объявление', userId, ...over });

  it('keep a listing price, mileage and year within what the API can serve back', async () => {
    expect(await failureCode(post({ price: LISTING_PRICE_MAX, mileage: MILEAGE_MAX, year: 1900 }))).toBeUndefined();
    // 2^53 + 1 cannot be written as a JS number; the SQL literal is what a client bypassing the API would send.
    expect(
      await failureCode(
        getDb().db.execute(
          sql`insert into posts (channel, title, price) values ('site', 'Объявление', 9007199254740993)`,
        ),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(await failureCode(post({ price: LISTING_PRICE_MAX + 1 }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(post({ price: -1 }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(post({ mileage: MILEAGE_MAX + 1 }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(post({ year: 1899 }))).toBe(CHECK_VIOLATION);
  });

  it('keep filter bounds and prompt positions within the contract', async () => {
    const filter = (over: Partial<typeof filters.$inferInsert>) =>
      getDb()
        .db.insert(filters)
        .values({ userId, name: 'Фильтр', ...over });
    expect(await failureCode(filter({ priceFrom: 0, priceTo: PRICE_MAX }))).toBeUndefined();
    expect(await failureCode(filter({ priceTo: PRICE_MAX + 1 }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(filter({ yearFrom: 10_000 }))).toBe(CHECK_VIOLATION);
    const prompt = (position: number) =>
      getDb()
        .db.insert(prompts)
        .values({ partnerId, key: `k${position}`, title: 't', text: 'x', position });
    expect(await failureCode(prompt(POSITION_MAX))).toBeUndefined();
    expect(await failureCode(prompt(-1))).toBe(CHECK_VIOLATION);
  });
});

// The checks arrived after the outage: a database holding the bad rows must still migrate, keeping the rows.
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'autoradar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('migration 0005 repairs out-of-range rows written before it instead of failing', async () => {
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === '0005_input_range_checks');
  expect(index).toBeGreaterThan(0);
  const handle = await createMemoryDb();
  try {
    const db = drizzle({ client: handle.client });
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    await migrate(db, { migrationsFolder: folder });
    await handle.client.exec(`
      insert into posts (channel, title, price, mileage, year) values ('site', 'Сломанное', 9007199254740993, 2147483647, 0);
      insert into users default values;
      insert into filters (user_id, name, price_to, year_from)
        values ((select max(id) from users), 'Фильтр', 9007199254740993, 12345);
    `);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
    const post = await handle.client.query<{ price: string | null; mileage: number | null; year: number | null }>(
      `select price, mileage, year from posts where title = 'Сломанное'`,
    );
    expect(post.rows).toEqual([{ price: null, mileage: null, year: null }]);
    const filter = await handle.client.query<{ price_to: string | null; year_from: number | null }>(
      `select price_to, year_from from filters`,
    );
    expect(filter.rows).toEqual([{ price_to: null, year_from: null }]);
  } finally {
    await handle.close();
  }
});
