import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks';
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
  const { pathname, search } = useLocation();
  if (token) return children;
  return <Navigate to={loginPath(pathname + search)} replace />;
}
