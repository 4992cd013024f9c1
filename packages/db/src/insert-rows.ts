import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from './client';

// Many rows in one INSERT with one parameter (issue 28): the rows as a JSON array, spread into the table's row type by
// `json_populate_recordset`. Drizzle's multi-row insert makes a parameter of every value and a DEFAULT of every column
// a row leaves out, and builds the statement by walking them all: 2.4 ms of CPU for the 20 listings of a source read
// (posts), about 1 ms for their source links or outcomes, more than the database spends on them. The same rows, the
// same columns, the same defaults: a column the rows leave out is not in the statement, so it takes its default.

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** JSON of a value as PostgreSQL reads it back from json_populate_recordset (a Date as ISO 8601, a bigint as text). */
const toJson = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export interface InsertRowsOptions {
  /** ON CONFLICT DO NOTHING (a unique row already there is kept). */
  onConflictDoNothing?: boolean;
}

/**
 * Inserts `rows` into `table` in one statement. The rows must name the same columns (a key that is undefined counts as
 * left out); rows that do not are inserted by drizzle's own multi-row insert, which gives each row its own DEFAULTs.
 */
export async function insertRows<T extends PgTable>(
  db: Db | DbTransaction,
  table: T,
  rows: readonly InferInsertModel<T>[],
  options: InsertRowsOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keysOf = (row: object) =>
    Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key);
  const keys = keysOf(rows[0]!);
  const sameKeys = rows.every((row) => {
    const own = keysOf(row);
    return own.length === keys.length && own.every((key, i) => key === keys[i]);
  });
  if (!sameKeys || keys.some((key) => !(key in columns))) {
    const insert = db.insert(table).values(rows as InferInsertModel<T>[]);
    await (options.onConflictDoNothing ? insert.onConflictDoNothing() : insert);
    return;
  }
  const names = keys.map((key) => columns[key]!.name);
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => (out[names[i]!] = (row as Record<string, unknown>)[key]));
      return out;
    }),
    toJson,
  );
  const list = names.map(quoted).join(', ');
  const target = quoted(getTableName(table));
  await db.execute(
    sql`${sql.raw(`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, `)}${json}${sql.raw(
      `::json)${options.onConflictDoNothing ? ' on conflict do nothing' : ''}`,
    )}`,
  );
}
