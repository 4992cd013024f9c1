import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { sessions, users, type Db } from '@autoradar/db';
import { generateToken, hashToken } from './tokens';

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token) });
  return token;
}

/** The user behind a live token, or undefined for an unknown or revoked one. */
export async function findUserByToken(db: Db, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  // last_used_at is written at most once a minute, so reads stay reads under load.
  if (now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastUsedAt, sql`${now.toISOString()}::timestamptz`)));
  }
  return row.user;
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
