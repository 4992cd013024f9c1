import { ORDER_STATUSES, POSITION_MAX, type ReportSectionKey } from '@autoradar/core';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { bigId, createdAt, ownedBy, rangeCheck, updatedAt } from './columns';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  logo: text('logo'),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('prompts_partner_id_key_unique').on(t.partnerId, t.key),
    rangeCheck('prompts_position_range', t.position, 0, POSITION_MAX),
  ],
);

/** A vehicle-history report ordered by VIN through a partner. */
export const orders = pgTable(
  'orders',
  {
    id: bigId(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The VIN, named as in the spec. */
    string: text('string').notNull(),
    status: orderStatusEnum('status').notNull().default('new'),
    /** The report file as downloaded, written once when every section has completed. */
    report: text('report'),
    /** The worker holding the order and until when; an expired lease (a crashed process) is taken over. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The X-Request-Id of the request that ordered it (issue 30). */
    requestId: text('request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_partner_id_created_at_idx').on(t.partnerId, t.createdAt.desc().nullsFirst()),
    // The worker's queue: only unfinished orders are ever scanned.
    index('orders_unfinished_idx')
      .on(t.id)
      .where(sql`${t.status} in ('new', 'processing')`),
  ],
);

/** One report section per order; `value` holds the section's JSON as the provider returned it. */
export const orderParts = pgTable(
  'order_parts',
  {
    id: bigId(),
    orderId: ownedBy('order_id', () => orders.id),
    key: text('key').$type<ReportSectionKey>().notNull(),
    title: text('title').notNull(),
    status: orderStatusEnum('status').notNull().default('new'),
    value: jsonb('value'),
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [unique('order_parts_order_id_key_unique').on(t.orderId, t.key)],
);

export type Partner = typeof partners.$inferSelect;
export type NewPartner = typeof partners.$inferInsert;
export type Prompt = typeof prompts.$inferSelect;
export type NewPrompt = typeof prompts.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderPart = typeof orderParts.$inferSelect;
export type NewOrderPart = typeof orderParts.$inferInsert;
