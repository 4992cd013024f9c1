import type { User } from '@autoradar/contract';

type Named = Pick<User, 'name' | 'first_name' | 'last_name' | 'username'>;

/** The name a screen shows for a user: the full name, else first and last name, else @username; null without any. */
export function displayName(user: Named): string | null {
  const full = user.name?.trim();
  if (full) return full;
  const parts = [user.first_name, user.last_name].map((part) => part?.trim()).filter(Boolean);
  if (parts.length > 0) return parts.join(' ');
  const username = user.username?.trim();
  return username ? `@${username}` : null;
}
