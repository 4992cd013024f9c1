import { sql } from 'drizzle-orm';
import type { Db } from '@autoradar/db';
import type { Bind } from './filter';

// Feed statements built once per filter shape and kept per database handle: building one with drizzle cost more Node
// CPU than PostgreSQL spent running it (docs/performance.md, issue 21 "the API path"). Every value is a placeholder,
// and the statement goes out as PostgreSQL's unnamed statement, so it is still planned with the request's values.

export type Prepared = { execute(values: Record<string, unknown>): Promise<unknown[]> };

const preparedStatements = new WeakMap<Db, Map<string, Prepared>>();
/** Shapes kept per handle: brand/model/city counts, bounds, words, cursor, tariff (the distinct mix has a few hundred). */
export const FEED_SHAPES_KEPT = 2_000;

/** The statement of a shape, built on first use; '' is PostgreSQL's unnamed statement, planned again each time. */
export function preparedFor(db: Db, key: string, build: () => Prepared): Prepared {
  let shapes = preparedStatements.get(db);
  if (!shapes) preparedStatements.set(db, (shapes = new Map<string, Prepared>()));
  let prepared = shapes.get(key);
  if (!prepared) {
    if (shapes.size >= FEED_SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    prepared = build();
    shapes.set(key, prepared);
  }
  return prepared;
}

/** Values named by placeholders: `bind` stands a drizzle placeholder in for a value and records the value. */
export function placeholders(prefix: string): { values: Record<string, unknown>; bind: Bind } {
  const values: Record<string, unknown> = {};
  let n = 0;
  const bind: Bind = (value) => {
    const name = `${prefix}${n++}`;
    values[name] = value;
    return sql.placeholder(name) as never;
  };
  return { values, bind };
}
