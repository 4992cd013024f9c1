import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryStatusEnum } from './notifications';
import { bigId, createdAt, ownedBy } from './columns';
import { posts } from './posts';
import { users } from './users';

/**
 * Favourites, kept on the server for signed-in users (issue 33): the primary key makes noting a post twice a no-op.
 * `price_when_added` is what the listing cost when it was favourited (favourites show the change since). The alert
 * columns are the price-drop state: `alert_price` is the price the user last knew (the one when added, or the new
 * price of their last alert), `alerted_at` when they last got a drop alert, `sold_alerted_at` their one sold alert.
 */
export const notes = pgTable(
  'notes',
  {
    userId: ownedBy('user_id', () => users.id),
    postId: ownedBy('post_id', () => posts.id),
    createdAt: createdAt(),
    priceWhenAdded: bigint('price_when_added', { mode: 'number' }),
    currencyWhenAdded: char('currency_when_added', { length: 3 }),
    alertPrice: bigint('alert_price', { mode: 'number' }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    soldAlertedAt: timestamp('sold_alerted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('notes_post_id_idx').on(t.postId)],
);

export type Note = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;

/** `drop`: the price fell by at least 1 %; `sold`: the listing was taken off (one per favourite). */
export const PRICE_ALERT_KINDS = ['drop', 'sold'] as const;

/**
 * Price-drop alerts (issue 33): one durable row per message, claimed like `deliveries` (FOR UPDATE SKIP LOCKED under
 * a lease; `sending` right before the call, so a crash mid-call becomes `unknown` and is never sent twice).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigId(),
    userId: ownedBy('user_id', () => users.id),
    postId: ownedBy('post_id', () => posts.id),
    kind: text('kind', { enum: PRICE_ALERT_KINDS }).notNull(),
    /** `telegram` or `email`. */
    channel: text('channel').notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    newPrice: bigint('new_price', { mode: 'number' }),
    currency: char('currency', { length: 3 }).notNull().default('RUB'),
    status: deliveryStatusEnum('status').notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_alerts_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`status in ('pending', 'sending')`),
    index('price_alerts_user_idx').on(t.userId),
    index('price_alerts_post_idx').on(t.postId),
    uniqueIndex('price_alerts_sold_unique')
      .on(t.userId, t.postId, t.channel)
      .where(sql`kind = 'sold'`),
  ],
);

export type PriceAlert = typeof priceAlerts.$inferSelect;
