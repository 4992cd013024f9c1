import { contract, type User } from '@autoradar/contract';
import { call } from '../../api/client';

export function fetchUser(signal?: AbortSignal): Promise<User> {
  return call(contract.user.data, signal ? { signal } : {});
}

/** Revokes the token on the server (POST /api/logout). */
export async function revokeToken(): Promise<void> {
  await call(contract.auth.logout);
}
