import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// A built statement as the text and parameters PostgreSQL receives, for the benchmark's EXPLAIN and its plain
// handler, which must run exactly what the API runs.

/** A statement as text and parameters, for EXPLAIN in the benchmark. */
export function renderQuery(query: SQL): { sql: string; params: unknown[] } {
  return new PgDialect().sqlToQuery(query);
}
