import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, redactDatabaseUrl, type DbHandle, type PostgresDbHandle } from '../client';
import { migrateDb } from '../migrate';
import {
  appliedMigrations,
  countDifferences,
  countRows,
  nonEmptyTables,
  queryOf,
  quoteIdent,
  queryOfConnection,
  tablesInDependencyOrder,
} from './tables';

export type MoveOptions = {
  /** Where the embedded database lives (`DATA_DIR`; its PGlite files are in `pglite/`). */
  dataDir: string;
  /** The empty PostgreSQL database to move into. */
  targetUrl: string;
  log?: (line: string) => void;
  batchSize?: number;
};

export type MoveResult = { tables: Record<string, number>; sequences: number; rows: number };

/**
 * `pnpm db:move-to-postgres URL` (issue 30): the embedded database in DATA_DIR carried into an empty PostgreSQL.
 * Both are migrated to the same version first, then the rows are copied table by table, parents first, in one
 * transaction on the target (user triggers off while copying: derived rows such as filter_match_keys are copied as
 * they are, not made twice), the sequences set to the embedded values, and every table counted on both sides. A
 * target holding any row is refused. The media files stay where they are (DATA_DIR/media).
 */
export async function moveToPostgres(opts: MoveOptions): Promise<MoveResult> {
  const log = opts.log ?? (() => {});
  const batchSize = opts.batchSize ?? 500;
  const shown = redactDatabaseUrl(opts.targetUrl);
  if (!existsSync(path.join(opts.dataDir, 'pglite'))) {
    throw new Error(`В DATA_DIR=${opts.dataDir} нет встроенной базы (папки pglite): переносить нечего`);
  }
  const source = await createDb({ dataDir: opts.dataDir });
  let target: PostgresDbHandle | undefined;
  try {
    const created = await createDb({ databaseUrl: opts.targetUrl, dataDir: opts.dataDir });
    if (created.kind !== 'postgres') throw new Error('Перенос возможен только в PostgreSQL');
    target = created;
    const filled = await nonEmptyTables(queryOf(target));
    if (filled.length > 0) {
      throw new Error(
        `База ${shown} не пуста (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}): ` +
          'перенос возможен только в пустую базу, создайте новую (createdb) и повторите',
      );
    }
    await migrateDb(source);
    await migrateDb(target);
    const [fromVersion, toVersion] = [
      await appliedMigrations(queryOf(source)),
      await appliedMigrations(queryOf(target)),
    ];
    if (fromVersion !== toVersion) {
      throw new Error(`Версии схемы не совпали после миграций: встроенная ${fromVersion}, PostgreSQL ${toVersion}`);
    }
    const result = await copyAll(source, target, batchSize, log);
    log(`Перенесено ${result.rows} строк из ${Object.keys(result.tables).length} таблиц в ${shown}`);
    return result;
  } finally {
    await target?.close();
    await source.close();
  }
}

async function copyAll(source: DbHandle, target: PostgresDbHandle, batchSize: number, log: (l: string) => void) {
  const read = queryOf(source);
  const tables = await tablesInDependencyOrder(read);
  const conn = await target.client.connect();
  try {
    await conn.query('begin');
    await conn.query('set local statement_timeout = 0');
    let rows = 0;
    for (const table of tables) {
      const t = `public.${quoteIdent(table)}`;
      const columns = (
        await conn.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        )
      ).rows.map((r) => quoteIdent(r.name));
      const list = columns.join(', ');
      await conn.query(`alter table ${t} disable trigger user`);
      let after = '(0,0)';
      let copied = 0;
      for (;;) {
        const batch = await read<{ at: string; row: string }>(
          `select r.ctid::text as at, row_to_json(r)::text as row from ${t} r where r.ctid > $1::tid order by r.ctid limit ${batchSize}`,
          [after],
        );
        if (batch.length === 0) break;
        await conn.query(
          `insert into ${t} (${list}) overriding system value select ${list} from json_populate_recordset(null::${t}, $1::json)`,
          [`[${batch.map((b) => b.row).join(',')}]`],
        );
        copied += batch.length;
        after = batch[batch.length - 1]!.at;
      }
      await conn.query(`alter table ${t} enable trigger user`);
      if (copied > 0) log(`${table}: ${copied}`);
      rows += copied;
    }

    const sequences = await read<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    );
    for (const { name } of sequences) {
      const seq = `public.${quoteIdent(name)}`;
      const [state] = await read<{ last: string; called: boolean }>(
        `select last_value::text as last, is_called as called from ${seq}`,
      );
      if (state) await conn.query(`select setval($1::regclass, $2::bigint, $3)`, [seq, state.last, state.called]);
    }

    const expected = await countRows(read);
    const actual = await countRows(queryOfConnection(conn));
    const differ = countDifferences(expected.tables, actual.tables);
    if (differ.length > 0) throw new Error(`Число строк не совпало, перенос отменён: ${differ.join('; ')}`);
    await conn.query('commit');
    return { tables: expected.tables, sequences: sequences.length, rows };
  } catch (err) {
    await conn.query('rollback').catch(() => {});
    throw err;
  } finally {
    conn.release();
  }
}
