import { and, eq, isNull, sql } from 'drizzle-orm';
import { users, type Db } from '@autoradar/db';
import type { ProfileFields } from './profile-text';

/** A Telegram id (digits) or an e-mail address, as an administrator types it on the command line. */
export function userIdentifierCondition(identifier: string) {
  const value = identifier.trim();
  return /^\d{1,16}$/.test(value)
    ? eq(users.telegramId, Number(value))
    : sql`lower(${users.email}) = ${value.toLowerCase()}`;
}

export async function addRole(
  db: Db,
  identifier: string,
  role: 'admin',
): Promise<{ id: number; added: boolean } | undefined> {
  const where = userIdentifierCondition(identifier);
  const [user] = await db.select({ id: users.id, roles: users.roles }).from(users).where(where).limit(2);
  if (!user) return undefined;
  if (user.roles.includes(role)) return { id: user.id, added: false };
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role})`, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return { id: user.id, added: true };
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByTelegramId(db: Db, telegramId: number) {
  const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId)).limit(1);
  return row;
}

/** Creates the Telegram user or refreshes a known one's profile fields (names, username, photo; see profile-text.ts). */
export async function upsertTelegramUser(db: Db, telegramId: number, profile: ProfileFields, now: Date) {
  const [row] = await db
    .insert(users)
    .values({ telegramId, ...profile })
    .onConflictDoUpdate({ target: users.telegramId, set: { ...profile, updatedAt: now } })
    .returning();
  return row!;
}

/** Creates the Yandex user or refreshes a known one's profile and e-mail. */
export async function upsertYandexUser(
  db: Db,
  yandexId: string,
  profile: ProfileFields & { email: string | null; name: string | null },
  now: Date,
) {
  const [row] = await db
    .insert(users)
    .values({ yandexId, ...profile })
    .onConflictDoUpdate({ target: users.yandexId, set: { ...profile, updatedAt: now } })
    .returning();
  return row!;
}

/** Starts the one test period: only while started_at is null, so two racing calls grant it once. */
export async function startTestPeriod(db: Db, userId: number, now: Date, proUntil: Date) {
  const [row] = await db
    .update(users)
    .set({
      startedAt: now,
      isPro: true,
      // A paid PRO running longer than the test period keeps its end.
      proExpired: sql`greatest(coalesce(${users.proExpired}, ${proUntil.toISOString()}::timestamptz), ${proUntil.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.startedAt)))
    .returning();
  return row;
}

/** The user's answer to Telegram's write-access request (issue 13); returns what is stored. */
export async function setAllowsWriteToPm(db: Db, userId: number, allowed: boolean, now: Date) {
  const [row] = await db
    .update(users)
    .set({ allowsWriteToPm: allowed, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ allowsWriteToPm: users.allowsWriteToPm });
  return row;
}
