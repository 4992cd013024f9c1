import { and, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '@autoradar/db';

// The one job claim (issue 27). Every queue in PostgreSQL is a table whose rows are work; a worker claims a batch in
// two statements: the free rows are picked with FOR UPDATE SKIP LOCKED and LIMIT (workers never wait on each other, a
// row goes to one of them), and then those keys, still ready and free (rechecked under the row lock, so a caller
// outside a transaction is safe too), are either
//   leased  (claimLeased): locked_by = the worker, locked_until = now + lease, attempts + 1 (when the queue counts
//           them). A worker that dies keeps its rows only until the lease runs out; every later write of a run checks
//           locked_by, so a late worker cannot overwrite the one that took over. Notification jobs, deliveries and
//           report orders work this way.
//   taken   (takeDue): deleted and returned, for work done at most once (the 24-hour guest announcement: a crash
//           between the claim and the broadcast loses a live nudge only).
// Not one statement with the pick as a subquery (`WHERE key IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`): on a
// fresh table PostgreSQL's planner ran it as a nested loop that rescanned the subquery, and the claim took every ready
// row instead of `limit` (issue 30: one worker took all 300 deliveries of a listing, the other none).
// Statements run on PostgreSQL and PGlite alike.

type Executor = Db | DbTransaction;

/** A table worked as a leased queue: its key and the lease columns, under these property names. */
export type LeasedTable = PgTable & { lockedBy: PgColumn; lockedUntil: PgColumn };

interface PickOptions {
  /** The row's key (the primary key), by which the picked rows are then leased or taken. */
  key: PgColumn;
  /** Which rows are work now (besides, for a leased queue, that nobody holds them). */
  ready: SQL | undefined;
  /** Oldest first, as each queue defines it; ends with the key so the order is total. */
  orderBy: (PgColumn | SQL)[];
  limit: number;
}

export interface ClaimLeasedOptions<S extends SelectedFieldsFlat> extends PickOptions {
  workerId: string;
  now: Date;
  leaseMs: number;
  /** Counted up by one per claim (the queue's `attempts`), when the queue counts them. */
  attempts?: PgColumn;
  /** Other columns the claim sets (a status, updated_at), by property name. */
  set?: Record<string, unknown>;
  returning: S;
}

/** Rows nobody holds: no lease, or one that ran out (its worker died or gave them back). */
export function leaseFree(table: LeasedTable, now: Date): SQL {
  return or(isNull(table.lockedUntil), lte(table.lockedUntil, now))!;
}

function pickFree(db: Executor, table: PgTable, { key, ready, orderBy, limit }: PickOptions) {
  return db
    .select({ key })
    .from(table)
    .where(ready)
    .orderBy(...orderBy)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Claims up to `limit` ready rows under this worker's lease; returns the `returning` fields of each. */
export async function claimLeased<S extends SelectedFieldsFlat>(
  db: Executor,
  table: LeasedTable,
  options: ClaimLeasedOptions<S>,
) {
  const ready = and(options.ready, leaseFree(table, options.now));
  const keys = await pickFree(db, table, { ...options, ready });
  if (keys.length === 0) return [];
  const lease = {
    ...options.set,
    lockedBy: options.workerId,
    lockedUntil: new Date(options.now.getTime() + options.leaseMs),
    ...(options.attempts ? { attempts: sql`${options.attempts} + 1` } : {}),
  };
  return db
    .update(table)
    .set(lease as never)
    .where(
      and(
        inArray(
          options.key,
          keys.map((row) => row.key),
        ),
        ready,
      ),
    )
    .returning(options.returning);
}

/** Claims and removes up to `limit` ready rows (work done at most once); returns the `returning` fields of each. */
export async function takeDue<S extends SelectedFieldsFlat>(
  db: Executor,
  table: PgTable,
  options: PickOptions & { returning: S },
) {
  const keys = await pickFree(db, table, options);
  if (keys.length === 0) return [];
  return db
    .delete(table)
    .where(
      and(
        inArray(
          options.key,
          keys.map((row) => row.key),
        ),
        options.ready,
      ),
    )
    .returning(options.returning);
}
