import { bigint, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { posts } from './posts';

// Issue 15, DESIGN.md §4-§5: an aggregated listing is announced on the public `posts` channel only when guests may see
// it, 24 hours after it was published. One row per listing still waiting, written in the transaction that publishes
// it; the delay job (packages/server/src/listings/guest-announcements.ts) claims due rows with FOR UPDATE SKIP LOCKED,
// broadcasts and deletes them, so a listing is announced once however many processes poll.
export const guestAnnouncements = pgTable(
  'guest_announcements',
  {
    postId: bigint('post_id', { mode: 'number' })
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guest_announcements_due_at_idx').on(t.dueAt)],
);
