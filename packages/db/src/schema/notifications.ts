import { DELIVERY_STATUSES } from '@autoradar/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, ownedBy } from './columns';
import { filters } from './filters';
import { posts } from './posts';
import { users } from './users';

// Saved-filter notifications (issue 14, DESIGN.md §6). Two durable queues in PostgreSQL, worked with
// FOR UPDATE SKIP LOCKED and leases like the report orders: a listing that became visible is one `notify_jobs` row
// (matching), and each (filter, listing, channel) it matched is one `deliveries` row, unique, so a pair is sent once.

/** pending: waits for due_at; sending: handed to Telegram/SMTP by locked_by; unknown: the sender died mid-call. */
export { DELIVERY_STATUSES };
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliveryStatusEnum = pgEnum('delivery_status', DELIVERY_STATUSES);

export const notifyJobs = pgTable(
  'notify_jobs',
  {
    id: bigId(),
    postId: ownedBy('post_id', () => posts.id),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    error: text('error'),
    /** The X-Request-Id of the request that published the listing (issue 30: one id from the API to the send log). */
    requestId: text('request_id'),
    /**
     * Issue 33: the listing became a good price after it was published (the market pass flipped its verdict to
     * `good`); the job matches it against the «Только хорошая цена» filters only, which skipped it then.
     */
    goodPriceOnly: boolean('good_price_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notify_jobs_open_idx')
      .on(t.runAt, t.id)
      .where(sql`done_at is null`),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: bigId(),
    filterId: ownedBy('filter_id', () => filters.id),
    postId: ownedBy('post_id', () => posts.id),
    userId: ownedBy('user_id', () => users.id),
    /** `telegram` or `email` (core DELIVERY_CHANNELS). */
    channel: text('channel').notNull(),
    status: deliveryStatusEnum('status').notNull().default('pending'),
    /** Immediately: when matched; worktime: the start of the user's next window. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Copied from the notify job that matched it (issue 30). */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deliveries_filter_post_channel_unique').on(t.filterId, t.postId, t.channel),
    index('deliveries_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`status in ('pending', 'sending')`),
    index('deliveries_user_idx').on(t.userId),
    index('deliveries_post_idx').on(t.postId),
  ],
);

export type NotifyJob = typeof notifyJobs.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
