import { eq, sql } from 'drizzle-orm';
import { users, type Db } from '@autoradar/db';

/** A Telegram id (digits) or an e-mail address, as an administrator types it on the command line. */
export function userIdentifierCondition(identifier: string) {
  const value = identifier.trim();
  return /^\d{1,16}$/.test(value) ? eq(users.telegramId, Number(value)) : sql`lower(${users.email}) = ${value.toLowerCase()}`;
}

export async function addRole(db: Db, identifier: string, role: 'admin'): Promise<{ id: number; added: boolean } | undefined> {
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
