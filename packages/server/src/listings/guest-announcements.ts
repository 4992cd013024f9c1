import { asc, inArray, lte } from 'drizzle-orm';
import { BASIC_DELAY_HOURS } from '@autoradar/core';
import { guestAnnouncements, type Db, type DbTransaction } from '@autoradar/db';

// The delay job (issue 15, DESIGN.md §4-§5): an aggregated listing is visible to PRO at once and to everyone else
// 24 hours later, and the public `posts` channel announces it only then. Its due time is a row of
// `guest_announcements`, written in the transaction that publishes the listing, so it survives restarts. Any number of
// processes (API instances, the bot) poll with their own clock: each round deletes the due rows it claims with
// FOR UPDATE SKIP LOCKED in one statement, so a row is taken by exactly one process, which then announces it. A crash
// between that statement and the broadcast loses the live nudge only; the feed shows the listing by its own query.

/** Remembers when guests may see an aggregated listing; call inside the transaction that publishes it. */
export async function scheduleGuestAnnouncement(
  tx: Db | DbTransaction,
  postId: number,
  publishedAt: Date,
): Promise<void> {
  const dueAt = new Date(publishedAt.getTime() + BASIC_DELAY_HOURS * 3_600_000);
  await tx.insert(guestAnnouncements).values({ postId, dueAt }).onConflictDoNothing();
}

/** Claims and removes up to `limit` rows due at `now`, oldest first; rows another process holds are skipped. */
export async function takeDueAnnouncements(db: Db, now: Date, limit = 100): Promise<number[]> {
  const due = db
    .select({ postId: guestAnnouncements.postId })
    .from(guestAnnouncements)
    .where(lte(guestAnnouncements.dueAt, now))
    .orderBy(asc(guestAnnouncements.dueAt), asc(guestAnnouncements.postId))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(guestAnnouncements)
    .where(inArray(guestAnnouncements.postId, due))
    .returning({ postId: guestAnnouncements.postId });
  return rows.map((row) => row.postId).sort((a, b) => a - b);
}

export interface GuestAnnouncementJobDeps {
  db: Db;
  /** Injected in tests to move time; the wall clock otherwise. */
  clock?: () => Date;
  /** Broadcasts one listing whose delay ended (listing-announcer.ts `dueForGuests`). */
  announce(postId: number): Promise<unknown>;
  log: { error(obj: unknown, msg: string): void };
  /** How often `start()` looks for due rows. */
  pollMs?: number;
  batchSize?: number;
}

export interface GuestAnnouncementJob {
  /** Announces every listing due now; resolves with their ids. Tests call it after moving their clock. */
  runDue(): Promise<number[]>;
  start(): void;
  stop(): Promise<void>;
}

export const GUEST_ANNOUNCEMENT_POLL_MS = 15_000;

export function createGuestAnnouncementJob(deps: GuestAnnouncementJobDeps): GuestAnnouncementJob {
  const clock = deps.clock ?? (() => new Date());
  const batchSize = deps.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runDue(): Promise<number[]> {
    const announced: number[] = [];
    for (;;) {
      const ids = await takeDueAnnouncements(deps.db, clock(), batchSize);
      for (const id of ids) {
        try {
          await deps.announce(id);
          announced.push(id);
        } catch (err) {
          deps.log.error({ err, postId: id }, 'guest announcement not published');
        }
      }
      if (ids.length < batchSize) return announced;
    }
  }

  const tick = () => {
    running = runDue()
      .catch((err: unknown) => deps.log.error({ err }, 'guest announcements: poll failed'))
      .finally(() => {
        if (timer) timer = setTimeout(tick, deps.pollMs ?? GUEST_ANNOUNCEMENT_POLL_MS).unref();
      });
  };

  return {
    runDue,
    start() {
      if (timer) return;
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
