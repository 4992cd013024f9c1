import { sql } from 'drizzle-orm';
import { check, timestamp, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

// Builders are factories: a column builder instance must not be shared between tables.
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A CHECK that keeps a number column within the bounds the contract enforces (core constants), so no writer (the
 * API, a seed, an import) can store a value the API could not serve back: an int8 read as a JS number is exact
 * only up to 2^53 - 1. NULL passes, as in every CHECK.
 */
export const rangeCheck = (name: string, column: ExtraConfigColumn, min: number, max: number) =>
  check(name, sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`);
