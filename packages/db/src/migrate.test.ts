import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { migrateDb, migrationsFolder } from './migrate';
import * as schema from './schema';
import { describeEachDb } from './testing/test-db';

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describeEachDb('migrations', (getDb) => {
  it('create every table of the schema', async () => {
    const { db } = getDb();
    const { rows } = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(schemaTables).toHaveLength(31);
    expect(rows.map((r) => r.table_name).sort()).toEqual(schemaTables);
  });

  it('install pg_trgm', async () => {
    const { rows } = await getDb().db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('are recorded once each and a second run is a no-op', async () => {
    const handle = getDb();
    const count = async () => {
      const { rows } = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      return rows[0]?.n;
    };
    expect(await count()).toBe(journal.entries.length);
    await migrateDb(handle);
    await migrateDb(handle);
    expect(await count()).toBe(journal.entries.length);
  });

  it('create the feed and filter-matching indexes', async () => {
    const { rows } = await getDb().db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('posts', 'filters')`,
    );
    const defs = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    // Feed order first, then every filtered column (issue 21: a walk tests the filter on the index entry).
    const rest = "price, year, channel\\) WHERE \\(status = 'published'";
    expect(defs.get('posts_feed_idx')).toMatch(
      new RegExp(`\\(published_at DESC, id DESC, brand_id, model_id, city_id, ${rest}`),
    );
    expect(defs.get('posts_brand_feed_idx')).toMatch(
      new RegExp(`\\(brand_id, published_at DESC, id DESC, model_id, city_id, ${rest}`),
    );
    expect(defs.get('posts_model_feed_idx')).toMatch(
      new RegExp(`\\(model_id, published_at DESC, id DESC, brand_id, city_id, ${rest}`),
    );
    expect(defs.get('posts_city_feed_idx')).toMatch(
      new RegExp(`\\(city_id, published_at DESC, id DESC, brand_id, model_id, ${rest}`),
    );
    expect(defs.get('posts_price_idx')).toMatch(
      /\(price, year, published_at DESC, id DESC, brand_id, model_id, city_id, channel\)/,
    );
    expect(defs.get('posts_year_idx')).toMatch(
      /\(year, price, published_at DESC, id DESC, brand_id, model_id, city_id, channel\)/,
    );
    expect(defs.get('posts_fts_idx')).toMatch(/USING gin \(search_vector\)/);
    expect(defs.get('posts_title_trgm_idx')).toMatch(/USING gin \(title gin_trgm_ops\)/);
    expect(defs.get('posts_hash_unique')).toMatch(/UNIQUE INDEX/);
    for (const column of ['brands', 'models', 'cities']) {
      expect(defs.get(`filters_active_${column}_idx`)).toMatch(new RegExp(`USING gin \\(${column}\\) WHERE active`));
    }
    expect(defs.get('filters_active_user_id_idx')).toMatch(/WHERE active/);
  });
});
