import { asc, lte } from 'drizzle-orm';
import { BASIC_DELAY_HOURS } from '@autoradar/core';
import { guestAnnouncements, type Db, type DbTransaction } from '@autoradar/db';
import { takeDue } from '../jobs/claim';
import { createWorkerLoop } from '../jobs/worker-loop';

// The delay job (issue 15, DESIGN.md §4-§5): an aggregated listing is visible to PRO at once and to everyone else
// 24 hours later, and the public `posts` channel announces it only then. Its due time is a row of
// `guest_announcements`, written in the transaction that publishes the listing, so it survives restarts. Any number of
// processes (API instances, the bot) poll with their own clock: each round deletes the due rows it claims with
// FOR UPDATE SKIP LOCKED in one statement (jobs/claim.ts `takeDue`), so a row is taken by exactly one process, which then announces it. A crash
// between that statement and the broadcast loses the live nudge only; the feed shows the listing by its own query.

/** Remembers when guests may see these aggregated listings; call inside the transaction that publishes them. */
export async function scheduleGuestAnnouncements(
  tx: Db | DbTransaction,
  listings: readonly { postId: number; publishedAt: Date }[],
): Promise<void> {
  if (listings.length === 0) return;
  await tx
    .insert(guestAnnouncements)
    .values(
      listings.map(({ postId, publishedAt }) => ({
        postId,
        dueAt: new Date(publishedAt.getTime() + BASIC_DELAY_HOURS * 3_600_000),
      })),
    )
    .onConflictDoNothing();
}

/** Claims and removes up to `limit` rows due at `now`, oldest first; rows another process holds are skipped. */
export async function takeDueAnnouncements(db: Db, now: Date, limit = 100): Promise<number[]> {
  const rows = await takeDue(db, guestAnnouncements, {
    key: guestAnnouncements.postId,
    ready: lte(guestAnnouncements.dueAt, now),
    orderBy: [asc(guestAnnouncements.dueAt), asc(guestAnnouncements.postId)],
    limit,
    returning: { postId: guestAnnouncements.postId },
  });
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

  const loop = createWorkerLoop({
    runOnce: async () => {
      await runDue();
      return false;
    },
    pollMs: deps.pollMs ?? GUEST_ANNOUNCEMENT_POLL_MS,
    onError: (err) => deps.log.error({ err }, 'guest announcements: poll failed'),
  });

  return { runDue, start: loop.start, stop: loop.stop };
}
