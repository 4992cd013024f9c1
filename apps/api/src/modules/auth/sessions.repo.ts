import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { sessions, users, type Db } from '@autoradar/db';
import { generateToken, hashToken } from './tokens';

/** A token nobody has used for this long is refused (sliding: every use moves the end). */
export const SESSION_IDLE_MS = 30 * 86_400_000;
/** last_used_at is written at most once per this interval, so reads stay reads under load. */
export const SESSION_TOUCH_MS = 5 * 60_000;

/** A new token for the user, issued for the roles the user has now (a later change of roles refuses it). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = generateToken();
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`createSession: no user ${userId}`);
  // A role changed between the two statements makes this token refused at its first use: safe, never wider.
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), roles: user.roles });
  return token;
}

/**
 * The user behind a live token, or undefined for an unknown, revoked, idle (SESSION_IDLE_MS) one, or one issued for
 * other roles than the user has now.
 */
export async function findUserByToken(db: Db, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, roles: sessions.roles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, sql`${nowSql} - ${`${SESSION_IDLE_MS} milliseconds`}::interval`),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (!sameRoles(row.roles, row.user.roles)) return undefined;
  if (now.getTime() - row.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastUsedAt, nowSql)));
  }
  return row.user;
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');
}

export async function revokeSession(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** "Sign out on all devices": every live session of the user ends; returns how many did. */
export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
