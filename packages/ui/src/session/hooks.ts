import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { User } from '@autoradar/contract';
import { PATHS } from '../paths';
import { logoutAtom, sessionAtom, signInAtom, type Session } from './state';

export function useSession(): Session {
  return useAtomValue(sessionAtom);
}

/** Stores a token and loads its user (mini-app sign-in, the web's `#token=` return). */
export function useSignIn(): (token: string) => Promise<User | undefined> {
  return useSetAtom(signInAtom);
}

/**
 * Logs out and goes to the landing page (spec §4). The landing comes first: forgetting the token first would let the
 * signed-in route's guard send the user to /login before the landing is reached. `revoked`: the server ended the
 * token already (sign-out on all devices), so it is only forgotten.
 */
export function useLogout(): (options?: { revoked?: boolean }) => Promise<void> {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  return useCallback(
    async (options?: { revoked?: boolean }) => {
      await navigate(PATHS.landing, { replace: true });
      await logout(options);
    },
    [logout, navigate],
  );
}
