import type { Role } from './constants';

const ADMIN: Role = 'admin';

export function isAdmin(user: { roles: readonly string[] } | null | undefined): boolean {
  return user?.roles.includes(ADMIN) ?? false;
}
