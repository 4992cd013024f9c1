import type { User } from '@autoradar/contract';
import type { users } from '@autoradar/db';

type UserRow = typeof users.$inferSelect;

/** The user as the contract shows it (spec §3). */
export function toUserDto(row: UserRow): User {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email,
    // A user who blocked the bot (a 403 or my_chat_member) cannot be written to until they start it again.
    has_telegram: row.telegramId !== null && !row.botBlocked,
    roles: row.roles,
    is_pro: row.isPro,
    pro_expired: row.proExpired?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    photo_url: row.photoUrl,
    name: row.name ?? (fullName || row.username),
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
  };
}
