import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, timestamp, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

// Builders are factories: a column builder instance must not be shared between tables.

/** A table's own id: int8, read as a JS number (exact up to 2^53 - 1, far beyond any id we hand out). */
export const bigId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A row that belongs to another one (a user's draft, a post's media): required, and deleted with its owner. */
export const ownedBy = (column: string, owner: () => AnyPgColumn) =>
  bigint(column, { mode: 'number' }).notNull().references(owner, { onDelete: 'cascade' });

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
