import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bigId, createdAt, ownedBy, updatedAt } from './columns';
import type { Role } from '@autoradar/core';

export const users = pgTable('users', {
  id: bigId(),
  // Telegram ids exceed 32 bits but stay below 2^53, so a JS number holds them exactly.
  telegramId: bigint('telegram_id', { mode: 'number' }).unique(),
  yandexId: text('yandex_id').unique(),
  email: text('email'),
  roles: text('roles')
    .array()
    .$type<Role[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  isPro: boolean('is_pro').notNull().default(false),
  proExpired: timestamp('pro_expired', { withTimezone: true }),
  /** Start of the one-time 24-hour test period; null until it is activated. */
  startedAt: timestamp('started_at', { withTimezone: true }),
  photoUrl: text('photo_url'),
  name: text('name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  username: text('username'),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  botBlocked: boolean('bot_blocked').notNull().default(false),
  /**
   * The user's answer to the mini-app's write-access request (Telegram's allows_write_to_pm): null until asked or
   * told by initData. Telegram delivery needs it (a bot cannot start a chat, DESIGN.md §9).
   */
  allowsWriteToPm: boolean('allows_write_to_pm'),
  /** Price-drop and sold alerts on favourites (issue 33); the profile's switch turns them off. */
  priceAlerts: boolean('price_alerts').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigId(),
    userId: ownedBy('user_id', () => users.id),
    /** Only the hash of the opaque bearer token is stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The user's roles when the token was issued: a token is refused once they differ (a role granted or taken away
     * rotates the session, issue 31).
     */
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
