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

/** Logs out and goes to the landing page (spec §4). */
export function useLogout(): () => Promise<void> {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    void navigate(PATHS.landing, { replace: true });
  }, [logout, navigate]);
}
