import type { User } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call } from '../api/client';
import { rememberEarlyCall } from '../api/early-calls';

export function fetchUser(signal?: AbortSignal): Promise<User> {
  rememberEarlyCall(routes.user.data); // the next launch may ask for it before the app's code runs (issue 32)
  return call(routes.user.data, { signal });
}

/** Revokes the token on the server (POST /api/logout). */
export async function revokeToken(): Promise<void> {
  await call(routes.auth.logout);
}

/** Keeps Telegram's write-access answer on the user (allows_write_to_pm), for the bot's deliveries. */
export async function recordWriteAccess(allowed: boolean): Promise<void> {
  await call(routes.user.writeAccess, { body: { allows_write_to_pm: allowed } });
}
