import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { getNextWorktimeStart, type DeliveryChannel } from '@autoradar/core';
import { deliveries, filters, notifyJobs, posts, users, type Db, type DbTransaction } from '@autoradar/db';
import { claimLeased } from '../jobs/claim';
import { marketVerdictOf } from '../market/recompute-market';
import { currentRequestId } from '../runtime/request-context';
import { findMatchingFilters, type MatchedFilter } from './match-filters';

// Two durable queues in PostgreSQL (migration 0007), worked like the report orders: rows are claimed with the one
// lease claim (jobs/claim.ts: FOR UPDATE SKIP LOCKED, locked_by, locked_until), so several worker processes share them
// and a crashed worker's rows are taken over when its lease runs out. Statements run on PostgreSQL and PGlite alike.
//
// notify_jobs: one per listing that became visible; matching turns it into delivery rows.
// deliveries:  one per (filter, listing, channel), unique: inserting twice is a no-op, so a pair is deliverable once.
//              pending -> sending (marked right before the Telegram or SMTP call) -> sent | failed | pending (retry).
//              A `sending` row whose lease ran out belonged to a worker that died mid-call: nobody knows whether the
//              message arrived, so it becomes `unknown` and is never sent again blindly.

/**
 * Enqueues matching for listings that just became visible (one row each, one statement); call inside the transaction
 * that made them visible. Workers in every process wake on the `listing.published` that the same transaction
 * announces (events/domain-events.ts).
 */
export async function enqueueNotifyJobs(
  tx: Db | DbTransaction,
  jobs: readonly { postId: number; runAt?: Date }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const requestId = currentRequestId();
  await tx
    .insert(notifyJobs)
    .values(jobs.map(({ postId, runAt }) => ({ postId, requestId, ...(runAt ? { runAt } : {}) })));
}

export interface ClaimedJob {
  id: number;
  postId: number;
  attempts: number;
  /** The request that published the listing (issue 30), carried into its deliveries. */
  requestId?: string | null;
  /** Issue 33: the listing became a good price later; only the «Только хорошая цена» filters are matched. */
  goodPriceOnly?: boolean;
}

export async function claimNotifyJobs(
  db: Db,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit = 10,
): Promise<ClaimedJob[]> {
  return db.transaction((tx) =>
    claimLeased(tx, notifyJobs, {
      key: notifyJobs.id,
      ready: and(isNull(notifyJobs.doneAt), lte(notifyJobs.runAt, now)),
      orderBy: [asc(notifyJobs.runAt), asc(notifyJobs.id)],
      limit,
      workerId,
      now,
      leaseMs,
      attempts: notifyJobs.attempts,
      returning: {
        id: notifyJobs.id,
        postId: notifyJobs.postId,
        attempts: notifyJobs.attempts,
        requestId: notifyJobs.requestId,
        goodPriceOnly: notifyJobs.goodPriceOnly,
      },
    }),
  );
}

/** When a matched filter's message may go out: now, or the start of the owner's next working-time window. */
export function dueAtOf(
  filter: Pick<MatchedFilter, 'sendMode' | 'worktimeSettings' | 'timeZone'>,
  now: Date,
): Date | null {
  if (filter.sendMode !== 'worktime' || !filter.worktimeSettings) return now;
  return getNextWorktimeStart(filter.worktimeSettings, now, filter.timeZone || undefined);
}

/**
 * When a message that belongs to no filter (a price-drop alert, issue 33) may go out to a user: the working hours
 * they chose for their notifications, read from their active saved filters with dueAtOf. Any filter that sends at
 * once (or none at all) means now; when every one waits for working hours, the earliest of their next windows.
 */
export async function userDueAt(db: Db, userId: number, now: Date): Promise<Date> {
  const rows = await db
    .select({ sendMode: filters.sendMode, worktimeSettings: filters.worktimeSettings, timeZone: users.timeZone })
    .from(filters)
    .innerJoin(users, eq(users.id, filters.userId))
    .where(and(eq(filters.userId, userId), eq(filters.active, true)));
  const due = rows.map((row) => dueAtOf(row, now)).filter((at): at is Date => at !== null);
  if (due.length === 0) return now;
  return new Date(Math.min(...due.map((at) => at.getTime())));
}

/**
 * Matches the job's listing and records one delivery per (filter, channel); a second run (a worker died after the
 * insert) inserts nothing new. Returns how many rows were created.
 */
export async function runNotifyJob(db: Db, job: ClaimedJob, workerId: string, now: Date): Promise<number> {
  const [post] = await db
    .select({
      id: posts.id,
      status: posts.status,
      brandId: posts.brandId,
      modelId: posts.modelId,
      cityId: posts.cityId,
      price: posts.price,
      currency: posts.currency,
      year: posts.year,
    })
    .from(posts)
    .where(eq(posts.id, job.postId));
  let created = 0;
  if (post && post.status === 'published') {
    const listing = {
      brand_id: post.brandId,
      model_id: post.modelId,
      city_id: post.cityId,
      // Filters bound prices in roubles; a price in another currency is "not stated" for them.
      price: post.currency === 'RUB' ? post.price : null,
      year: post.year,
    };
    const matched = await findMatchingFilters(db, listing, now, {
      marketVerdict: () => marketVerdictOf(db, { id: post.id, modelId: post.modelId }, now),
      goodPriceOnly: job.goodPriceOnly === true,
    });
    const rows = matched.flatMap((f) => {
      const due = dueAtOf(f, now);
      return f.via.map((channel: DeliveryChannel) => ({
        filterId: f.filterId,
        postId: post.id,
        userId: f.userId,
        channel,
        status: due ? ('pending' as const) : ('skipped' as const),
        dueAt: due ?? now,
        requestId: job.requestId ?? null,
        createdAt: now,
        ...(due ? {} : { error: 'Не выбран ни один день рассылки' }),
      }));
    });
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await db
        .insert(deliveries)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: deliveries.id });
      created += inserted.length;
    }
  }
  await db
    .update(notifyJobs)
    .set({ doneAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(notifyJobs.id, job.id), eq(notifyJobs.lockedBy, workerId)));
  return created;
}

export async function failNotifyJob(db: Db, job: ClaimedJob, workerId: string, now: Date, error: string) {
  // Retried with backoff a few times, then left done with its reason.
  const giveUp = job.attempts >= 5;
  await db
    .update(notifyJobs)
    .set({
      lockedBy: null,
      lockedUntil: null,
      error,
      runAt: new Date(now.getTime() + 2 ** job.attempts * 1000),
      ...(giveUp ? { doneAt: now } : {}),
    })
    .where(and(eq(notifyJobs.id, job.id), eq(notifyJobs.lockedBy, workerId)));
}

export interface ClaimedDelivery {
  id: number;
  filterId: number;
  postId: number;
  userId: number;
  channel: DeliveryChannel;
  attempts: number;
  dueAt: Date;
  createdAt: Date;
  requestId?: string | null;
}

/**
 * Claims due deliveries. First, `sending` rows whose lease ran out (their worker died mid-call) become `unknown`.
 * A claimed row stays `pending` under this worker's lease until the moment of its call (markSending).
 */
export async function claimDeliveries(
  db: Db,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit = 100,
): Promise<ClaimedDelivery[]> {
  await db
    .update(deliveries)
    .set({
      status: 'unknown',
      lockedBy: null,
      lockedUntil: null,
      error: 'Обработчик остановился во время отправки: неизвестно, дошло ли сообщение; повторно не отправляется',
    })
    .where(and(eq(deliveries.status, 'sending'), lt(deliveries.lockedUntil, now)));
  return db.transaction(async (tx) => {
    const rows = await claimLeased(tx, deliveries, {
      key: deliveries.id,
      ready: and(eq(deliveries.status, 'pending'), lte(deliveries.dueAt, now)),
      orderBy: [asc(deliveries.dueAt), asc(deliveries.id)],
      limit,
      workerId,
      now,
      leaseMs,
      returning: {
        id: deliveries.id,
        filterId: deliveries.filterId,
        postId: deliveries.postId,
        userId: deliveries.userId,
        channel: deliveries.channel,
        attempts: deliveries.attempts,
        dueAt: deliveries.dueAt,
        createdAt: deliveries.createdAt,
        requestId: deliveries.requestId,
      },
    });
    return rows.map((r) => ({ ...r, channel: r.channel as DeliveryChannel })).sort((a, b) => a.id - b.id);
  });
}

/**
 * Right before the call that sends: the rows become `sending` (committed) under this worker. Returns false when the
 * lease was lost (another worker took the rows): then nothing may be sent.
 */
export async function markSending(
  db: Db,
  ids: readonly number[],
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const updated = await db
    .update(deliveries)
    .set({
      status: 'sending',
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${deliveries.attempts} + 1`,
    })
    .where(
      and(
        inArray(deliveries.id, [...ids]),
        eq(deliveries.lockedBy, workerId),
        inArray(deliveries.status, ['pending', 'sending']),
      ),
    )
    .returning({ id: deliveries.id });
  return updated.length === ids.length;
}

export async function markSent(db: Db, ids: readonly number[], workerId: string, now: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'sent', sentAt: now, lockedBy: null, lockedUntil: null, error: null })
    .where(and(inArray(deliveries.id, [...ids]), eq(deliveries.lockedBy, workerId)));
}

export async function markOutcome(
  db: Db,
  ids: readonly number[],
  workerId: string,
  outcome:
    { status: 'failed' | 'unknown' | 'skipped'; error: string } | { status: 'pending'; error: string; dueAt: Date },
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: outcome.status,
      error: outcome.error,
      lockedBy: null,
      lockedUntil: null,
      ...('dueAt' in outcome ? { dueAt: outcome.dueAt } : {}),
    })
    .where(and(inArray(deliveries.id, [...ids]), eq(deliveries.lockedBy, workerId)));
}

/** Gives claimed rows back untouched (the worker is stopping): the next worker takes them at once. */
export async function releaseDeliveries(db: Db, ids: readonly number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deliveries)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(inArray(deliveries.id, [...ids]), eq(deliveries.lockedBy, workerId), eq(deliveries.status, 'pending')));
}

/** A user blocked the bot (403): has_telegram becomes false and their waiting Telegram deliveries are dropped. */
export async function markBotBlocked(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ botBlocked: true }).where(eq(users.id, userId));
  await db
    .update(deliveries)
    .set({ status: 'skipped', error: 'Пользователь заблокировал бота', lockedBy: null, lockedUntil: null })
    .where(and(eq(deliveries.userId, userId), eq(deliveries.channel, 'telegram'), eq(deliveries.status, 'pending')));
}
