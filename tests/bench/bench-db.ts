// What the benchmarks that seed their own PostgreSQL database share (feed-seed.ts, market.bench.ts): the database
// itself (never the tests' one), the secondary indexes dropped for a bulk load, and the power-law pick tables of car
// models and big cities the generate_series seeds join.
import { createDb, importReferenceData, migrateDb, type PostgresDbHandle } from '@autoradar/db';

/** One connection of the database's pool (a session: temporary tables and settings stay on it). */
type Session = { query: PostgresDbHandle['client']['query'] };

/**
 * Creates the database of `url` (dropped first when `fresh`, so a half-finished load leaves no trace), migrated, with
 * the reference data. Refuses the tests' and the server's own databases.
 */
export async function openBenchDatabase(
  url: string,
  opts: { fresh: boolean; variable: string; log?: (msg: string) => void },
): Promise<PostgresDbHandle> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test' || name === 'postgres') {
    throw new Error(`${opts.variable} должен указывать на отдельную базу для бенчмарка, а не «${name}»`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const server = (await createDb({ databaseUrl: admin.toString(), dataDir: '.' })) as PostgresDbHandle;
  try {
    if (opts.fresh) await server.client.query(`drop database if exists "${name}" with (force)`);
    const { rows } = await server.client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      await server.client.query(`create database "${name}"`);
      opts.log?.(`создана база ${name}`);
    }
  } finally {
    await server.close();
  }
  const handle = (await createDb({ databaseUrl: url, dataDir: '.' })) as PostgresDbHandle;
  await migrateDb(handle);
  await importReferenceData(handle.db);
  return handle;
}

export interface IndexDef {
  name: string;
  def: string;
}

/**
 * Drops the secondary indexes of `tables` (not those behind a constraint) for a bulk load and returns their
 * definitions: one sorted build after the load instead of a million insertions.
 */
export async function dropSecondaryIndexes(client: Session, tables: string[]): Promise<IndexDef[]> {
  const { rows } = await client.query<IndexDef>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const index of rows) await client.query(`drop index if exists "${index.name}"`);
  return rows;
}

/**
 * Temporary tables `bench_models` (car models, the popular brands first: rn, model_id, brand_id, brand, model, tier,
 * year_from, year_to from `minYear` to 2026) and `bench_cities` (the 200 biggest: rn, id, city), so a seed picks with
 * `1 + floor(n * power(random(), k))` and popular models and big cities dominate. Returns how many rows each has.
 */
export async function createPickTables(
  client: Session,
  opts: { minYear: number },
): Promise<{ models: number; cities: number }> {
  await client.query(`create temp table bench_models as
    select row_number() over (order by b.popular desc, b.position, m.id) as rn, m.id as model_id, b.id as brand_id,
           b.name as brand, m.name as model, 1 + (m.id % 7) * 0.35 as tier,
           greatest(coalesce(m.year_from, 1995), ${opts.minYear}) as year_from,
           least(coalesce(m.year_to, 2026), 2026) as year_to
    from models m join brands b on b.id = m.brand_id
    where b.kind = 'car' and coalesce(m.year_from, 1995) <= 2026`);
  await client.query(`create temp table bench_cities as
    select row_number() over (order by population desc nulls last, id) as rn, id, city from cities order by rn limit 200`);
  const { rows } = await client.query<{ models: number; cities: number }>(
    `select (select count(*)::int from bench_models) as models, (select count(*)::int from bench_cities) as cities`,
  );
  return rows[0]!;
}

/**
 * The joins that pick a model `m`, a city `c` and a year `y.year` inside the model's years for each generated row, from
 * a lateral `r` of random() columns named model, city and year (createPickTables' sizes in `picks`).
 */
export const pickJoins = (picks: { models: number; cities: number }) =>
  `join bench_models m on m.rn = 1 + floor(${picks.models} * power(r.model, 3))::int
       join bench_cities c on c.rn = 1 + floor(${picks.cities} * power(r.city, 2))::int
       cross join lateral (select m.year_from + floor(r.year * (m.year_to - m.year_from + 1))::int as year) y`;
