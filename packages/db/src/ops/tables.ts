import type pg from 'pg';
import type { DbHandle } from '../client';

/** Raw SQL over either driver: the operations commands read catalogs and copy rows without the schema objects. */
export type Query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export function queryOf(handle: DbHandle): Query {
  return async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    handle.kind === 'postgres'
      ? (await handle.client.query<T>(text, params)).rows
      : (await handle.client.query<T>(text, params)).rows;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The product's tables (schema public), parents before children so rows can be inserted in this order. */
export async function tablesInDependencyOrder(query: Query): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    )
  ).map((r) => r.name);
  const edges = await query<{ child: string; parent: string }>(
    `select cl.relname as child, pl.relname as parent
     from pg_constraint k
     join pg_class cl on cl.oid = k.conrelid
     join pg_class pl on pl.oid = k.confrelid
     join pg_namespace n on n.oid = cl.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error(`Циклические внешние ключи между таблицами: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** Rows per table (schema public) and the number of applied migrations, for a backup's manifest and its checks. */
export async function countRows(query: Query): Promise<{ tables: Record<string, number>; migrations: number }> {
  const tables: Record<string, number> = {};
  for (const table of (await tablesInDependencyOrder(query)).sort()) {
    const [row] = await query<{ n: string }>(`select count(*)::text as n from public.${quoteIdent(table)}`);
    tables[table] = Number(row?.n ?? 0);
  }
  return { tables, migrations: await appliedMigrations(query) };
}

export async function appliedMigrations(query: Query): Promise<number> {
  const [exists] = await query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists?.ok) return 0;
  const [row] = await query<{ n: string }>(`select count(*)::text as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

/** Tables of schema public holding rows: a target that has any is not empty. */
export async function nonEmptyTables(query: Query): Promise<string[]> {
  const { tables } = await countRows(query);
  return Object.entries(tables)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} (${n})`);
}

/** Tables whose counts differ, as `table: expected → actual`. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .sort()
    .filter((t) => (expected[t] ?? 0) !== (actual[t] ?? 0))
    .map((t) => `${t}: ${expected[t] ?? 'нет'} → ${actual[t] ?? 'нет'}`);
}

/** Raw SQL on one checked-out PostgreSQL connection (inside its transaction). */
export function queryOfConnection(conn: pg.PoolClient): Query {
  return async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await conn.query<T>(text, params)).rows;
}
