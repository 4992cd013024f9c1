import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadUserAtom, sessionAtom, signInAtom } from '../state';

/** The token the server hands back after web sign-in (`#token=...`, DESIGN §3), if the address carries one. */
export function readTokenFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || undefined;
}

/**
 * Spec §4 Session: at start a stored token loads its user. A token returned in the fragment is stored first and
 * removed from the address bar, so it stays out of history, bookmarks and screenshots.
 */
export function SessionStart() {
  const { token, user } = useAtomValue(sessionAtom);
  const loadUser = useSetAtom(loadUserAtom);
  const signIn = useSetAtom(signInAtom);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const returnedToken = readTokenFromHash(hash);

  useEffect(() => {
    if (!returnedToken) return;
    void navigate({ pathname, search }, { replace: true });
    signIn(returnedToken).catch(() => undefined); // a 401 has cleared it again; other failures keep the token
  }, [returnedToken, pathname, search, navigate, signIn]);

  const needsUser = Boolean(token) && !user && !returnedToken;
  useEffect(() => {
    if (needsUser) loadUser().catch(() => undefined);
  }, [needsUser, loadUser]);

  return null;
}
