import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { sendModes, type NotificationChannel } from './enums';
import { users } from './users';

export const sendModeEnum = pgEnum('send_mode', sendModes);

/** Days 0-6 with 0 = Sunday; times are HH:MM in the user's time zone. */
export type WorktimeSettings = { days: number[]; start: string; end: string };

const isActive = sql`active`;

/** Saved search filters. Empty arrays and null bounds mean "any". */
export const filters = pgTable(
  'filters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brands: integer('brands').array().notNull().default(sql`'{}'::integer[]`),
    models: integer('models').array().notNull().default(sql`'{}'::integer[]`),
    cities: integer('cities').array().notNull().default(sql`'{}'::integer[]`),
    priceFrom: bigint('price_from', { mode: 'number' }),
    priceTo: bigint('price_to', { mode: 'number' }),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
    active: boolean('active').notNull().default(false),
    sendMode: sendModeEnum('send_mode').notNull().default('immediately'),
    /** Null unless send_mode is `worktime`. */
    worktimeSettings: jsonb('worktime_settings').$type<WorktimeSettings>(),
    via: text('via').array().$type<NotificationChannel[]>().notNull().default(sql`'{}'::text[]`),
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
  ],
);

export type Filter = typeof filters.$inferSelect;
export type NewFilter = typeof filters.$inferInsert;
