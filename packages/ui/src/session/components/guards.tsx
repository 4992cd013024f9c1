import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useSession } from '../hooks';
import { signingOutAtom } from '../state';
import { loginPath, PATHS } from '../../paths';

/** Guests only (spec §2 /login): whoever arrives signed in goes to search. Decided on arrival, so a sign-in made on
 * the page itself can finish its own success state and redirect. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [arrivedSignedIn] = useState(() => Boolean(token));
  return arrivedSignedIn ? <Navigate to={PATHS.search} replace /> : children;
}

/** Signed-in routes (spec §2): a guest goes to /login with the original path in `redirect`. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const signingOut = useAtomValue(signingOutAtom);
  const { pathname, search } = useLocation();
  if (token) return children;
  // Spec §4: a sign-out the user asked for lands on the landing page.
  return <Navigate to={signingOut ? PATHS.landing : loginPath(pathname + search)} replace />;
}
