import {
  PRICE_MAX,
  PRICE_MIN,
  SEND_MODES,
  YEAR_INPUT_MAX,
  YEAR_MIN,
  type DeliveryChannel,
  type WorktimeSettings,
} from '@autoradar/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bigId, createdAt, ownedBy, rangeCheck, updatedAt } from './columns';
import { users } from './users';

export const sendModeEnum = pgEnum('send_mode', SEND_MODES);

const isActive = sql`active`;

/** Saved search filters. Empty arrays and null bounds mean "any". */
export const filters = pgTable(
  'filters',
  {
    id: bigId(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    brands: integer('brands')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    models: integer('models')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    cities: integer('cities')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    priceFrom: bigint('price_from', { mode: 'number' }),
    priceTo: bigint('price_to', { mode: 'number' }),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
    /** «Только хорошая цена» (issue 33): notify only of listings whose market verdict is `good`. */
    goodPriceOnly: boolean('good_price_only').notNull().default(false),
    active: boolean('active').notNull().default(false),
    sendMode: sendModeEnum('send_mode').notNull().default('immediately'),
    /** Null unless send_mode is `worktime`. */
    worktimeSettings: jsonb('worktime_settings').$type<WorktimeSettings>(),
    via: text('via')
      .array()
      .$type<DeliveryChannel[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The secret of the one-click unsubscribe link in notification e-mails (pauses the filter without sign-in). */
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('filters_user_id_idx').on(t.userId),
    // Matching a new listing against hundreds of thousands of filters only ever looks at active ones.
    index('filters_active_user_id_idx').on(t.userId).where(isActive),
    index('filters_active_brands_idx').using('gin', t.brands).where(isActive),
    index('filters_active_models_idx').using('gin', t.models).where(isActive),
    index('filters_active_cities_idx').using('gin', t.cities).where(isActive),
    // The matcher's second look at the filters the keys admitted: which of them ask for «Только хорошая цена».
    index('filters_good_price_only_idx')
      .on(t.id)
      .where(sql`good_price_only and active`),
    rangeCheck('filters_price_from_range', t.priceFrom, PRICE_MIN, PRICE_MAX),
    rangeCheck('filters_price_to_range', t.priceTo, PRICE_MIN, PRICE_MAX),
    rangeCheck('filters_year_from_range', t.yearFrom, YEAR_MIN, YEAR_INPUT_MAX),
    rangeCheck('filters_year_to_range', t.yearTo, YEAR_MIN, YEAR_INPUT_MAX),
  ],
);

/**
 * What the notification matcher reads (issue 14, migration 0010): one row per (subject, city) key of an active filter,
 * kept by triggers on `filters` (every insert and update), `users` (PRO bought or ended) and `models` (a model moved to
 * another brand); never written by the application. `subject` is a brand id (the filter chose the brand and none of
 * its models: any model), minus a model id (that model), or 0 (no brand and no model chosen: any brand); `city` a city
 * id or 0 (any city). `pro_until` is the owner's pro_expired while is_pro, else null; user_id, send_mode and via are
 * copies of the filter's. A listing (brand b, model m, city c) probes the six keys {b, -m, 0} x {c, 0} through one
 * btree and checks PRO and the price and year bounds on the index entries, which also carry what a delivery row needs
 * (an index-only scan, no filter or user read); a filter holds at most one of the six, so every match comes once.
 */
export const filterMatchKeys = pgTable(
  'filter_match_keys',
  {
    subject: integer('subject').notNull(),
    city: integer('city').notNull(),
    filterId: ownedBy('filter_id', () => filters.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sendMode: sendModeEnum('send_mode').notNull(),
    via: text('via').array().$type<DeliveryChannel[]>().notNull(),
    proUntil: timestamp('pro_until', { withTimezone: true }),
    priceFrom: bigint('price_from', { mode: 'number' }),
    priceTo: bigint('price_to', { mode: 'number' }),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
  },
  (t) => [
    // Covering: the probe, PRO, the bounds and the delivery's needs are answered from the index alone.
    index('filter_match_keys_probe_idx').on(
      t.subject,
      t.city,
      t.proUntil,
      t.priceFrom,
      t.priceTo,
      t.yearFrom,
      t.yearTo,
      t.filterId,
      t.userId,
      t.sendMode,
      t.via,
    ),
    index('filter_match_keys_filter_idx').on(t.filterId),
  ],
);

export type Filter = typeof filters.$inferSelect;
export type NewFilter = typeof filters.$inferInsert;
