import { and, asc, eq, sql } from 'drizzle-orm';
import { isProActive } from '@autoradar/core';
import { filters, users, type Db } from '@autoradar/db';

// What the bot's commands and buttons and the e-mail's unsubscribe link change: a saved filter's `active` switch and
// whether the user can be written to in Telegram. Pausing needs no PRO; resuming does (spec §6: the active toggle is
// for PRO users).

/** The callback data of the bot's button that pauses or resumes a saved filter (notifications and /filters). */
export const filterSwitchData = (action: 'pause' | 'resume', filterId: number) => `filter_${action}:${filterId}`;

/** Reads filterSwitchData back: `[, action, id]`. */
export const FILTER_SWITCH_DATA = /^filter_(pause|resume):(\d{1,18})$/;

export interface BotUserFilters {
  userId: number;
  pro: boolean;
  filters: { id: number; name: string; active: boolean }[];
}

export async function findUserByTelegram(db: Db, telegramId: number) {
  const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
  return user;
}

export async function listFiltersOfTelegramUser(
  db: Db,
  telegramId: number,
  now: Date,
): Promise<BotUserFilters | undefined> {
  const user = await findUserByTelegram(db, telegramId);
  if (!user) return undefined;
  const rows = await db
    .select({ id: filters.id, name: filters.name, active: filters.active })
    .from(filters)
    .where(eq(filters.userId, user.id))
    .orderBy(asc(filters.id));
  return {
    userId: user.id,
    pro: isProActive({ is_pro: user.isPro, pro_expired: user.proExpired }, now),
    filters: rows,
  };
}

/**
 * The one PRO rule of a filter's switch (spec §6), for the site's form and the bot's buttons alike: turning it off is
 * always allowed, turning it on only while PRO is active (notifications are a PRO feature).
 */
export function filterSwitchAllowed(active: boolean, pro: Parameters<typeof isProActive>[0], now: Date): boolean {
  return !active || isProActive(pro, now);
}

export type SwitchResult = { ok: true; name: string } | { ok: false; reason: 'not_found' | 'not_pro' };

export async function setFilterActiveByTelegram(
  db: Db,
  telegramId: number,
  filterId: number,
  active: boolean,
  now: Date,
): Promise<SwitchResult> {
  const user = await findUserByTelegram(db, telegramId);
  if (!user) return { ok: false, reason: 'not_found' };
  if (!filterSwitchAllowed(active, { is_pro: user.isPro, pro_expired: user.proExpired }, now))
    return { ok: false, reason: 'not_pro' };
  const [row] = await db
    .update(filters)
    .set({ active })
    .where(and(eq(filters.id, filterId), eq(filters.userId, user.id)))
    .returning({ name: filters.name });
  return row ? { ok: true, name: row.name } : { ok: false, reason: 'not_found' };
}

/** /stop: every filter of the user paused; returns how many were active. */
export async function pauseAllFiltersByTelegram(db: Db, telegramId: number): Promise<number | undefined> {
  const user = await findUserByTelegram(db, telegramId);
  if (!user) return undefined;
  const rows = await db
    .update(filters)
    .set({ active: false })
    .where(and(eq(filters.userId, user.id), eq(filters.active, true)))
    .returning({ id: filters.id });
  return rows.length;
}

/** my_chat_member: a user who blocks the bot has has_telegram false until they start it again. */
export async function setBotBlockedByTelegram(db: Db, telegramId: number, blocked: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ botBlocked: blocked })
    .where(eq(users.telegramId, telegramId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The e-mail's one-click link: pauses the filter when the token is its own; the filter's name, else undefined. */
export async function unsubscribeFilter(db: Db, filterId: number, token: string): Promise<string | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return undefined;
  const [row] = await db
    .update(filters)
    .set({ active: false })
    .where(and(eq(filters.id, filterId), sql`${filters.unsubscribeToken} = ${token}::uuid`))
    .returning({ name: filters.name });
  return row?.name;
}
