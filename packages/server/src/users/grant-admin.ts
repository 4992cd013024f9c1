import type { Db } from '@autoradar/db';
import { USERS_MESSAGES } from './users.messages';
import { addRole } from './users.repo';

export type GrantAdminResult = { ok: true; message: string } | { ok: false; message: string };

/** Roles are granted only from the command line (never through the API): `pnpm admin:grant <telegram id|email>`. */
export async function grantAdmin(db: Db, identifier: string): Promise<GrantAdminResult> {
  const value = identifier.trim();
  if (!/^\d{1,16}$/.test(value) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return { ok: false, message: USERS_MESSAGES.grantBadIdentifier(value) };
  }
  const result = await addRole(db, value, 'admin');
  if (!result) return { ok: false, message: USERS_MESSAGES.grantUnknownUser(value) };
  return {
    ok: true,
    message: result.added
      ? USERS_MESSAGES.grantedAdmin(value, result.id)
      : USERS_MESSAGES.alreadyAdmin(value, result.id),
  };
}
