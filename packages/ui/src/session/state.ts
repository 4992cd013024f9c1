import { atom, getDefaultStore } from 'jotai';
import type { User } from '@autoradar/contract';
import { clearStoredToken, readStoredToken, storeToken, subscribeToStoredToken } from '../api/token-storage';
import { fetchUser, revokeToken } from './api';

export type SessionStatus = 'guest' | 'loading' | 'signedIn';

export interface Session {
  status: SessionStatus;
  token: string | undefined;
  user: User | undefined;
}

// Primitives stay private; the rest of the app reads `sessionAtom` and writes through the action atoms.
const tokenAtom = atom<string | undefined>(readStoredToken());
// The user belongs to the token it was loaded with, so a cleared or replaced token hides it at once.
const loadedUserAtom = atom<{ token: string; user: User } | null>(null);

// The API client clears the stored token on any 401 (spec §8); the token atom follows the storage.
subscribeToStoredToken(() => {
  const store = getDefaultStore();
  const stored = readStoredToken();
  if (store.get(tokenAtom) !== stored) store.set(tokenAtom, stored);
});

export const sessionAtom = atom<Session>((get) => {
  const token = get(tokenAtom);
  const loaded = get(loadedUserAtom);
  const user = token && loaded?.token === token ? loaded.user : undefined;
  return { status: !token ? 'guest' : user ? 'signedIn' : 'loading', token, user };
});

/** Loads the user of the current token (at start, and forced after sign-in); a 401 has already cleared the token. */
export const loadUserAtom = atom(null, async (get, set): Promise<User | undefined> => {
  const token = get(tokenAtom);
  if (!token) return undefined;
  const user = await fetchUser();
  if (get(tokenAtom) === token) set(loadedUserAtom, { token, user });
  return user;
});

/**
 * Spec §3: `user.updated` on the user's private channel carries the changed fields; they are merged into the user of
 * the current token. An event for another user (a channel left a moment ago) changes nothing.
 */
export const mergeUserAtom = atom(null, (get, set, changes: Partial<User> & { id: number }): void => {
  const token = get(tokenAtom);
  const loaded = get(loadedUserAtom);
  if (!token || loaded?.token !== token || loaded.user.id !== changes.id) return;
  set(loadedUserAtom, { token, user: { ...loaded.user, ...changes } });
});

/** Stores a new token and loads its user; rejects with the ApiError of the user load. */
export const signInAtom = atom(null, async (_get, set, token: string): Promise<User | undefined> => {
  storeToken(token);
  set(tokenAtom, token);
  return set(loadUserAtom);
});

/**
 * A sign-out the user asked for is under way: a signed-in route whose token goes (a 401 of a call still in flight
 * after «Выйти на всех устройствах» included) leads to the landing page, not to /login. The landing clears it.
 */
export const signingOutAtom = atom(false);

/** Spec §4 Logout: revokes the token on the server (best effort), then forgets the token and the user. */
export const logoutAtom = atom(null, async (get, set, options?: { revoked?: boolean }): Promise<void> => {
  set(signingOutAtom, true);
  const token = get(tokenAtom);
  if (token && !options?.revoked) await revokeToken().catch(() => undefined); // a dead token or no connection: forget it locally anyway
  clearStoredToken();
  set(tokenAtom, undefined);
  set(loadedUserAtom, null);
});
