import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks';

/** The path of the route named search (spec §2), where signed-in users land. */
export const SEARCH_PATH = '/search';

/** Guests only (spec §2 /login): whoever arrives signed in goes to search. Decided on arrival, so a sign-in made on
 * the page itself can finish its own success state and redirect. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [arrivedSignedIn] = useState(() => Boolean(token));
  return arrivedSignedIn ? <Navigate to={SEARCH_PATH} replace /> : children;
}

/** Signed-in routes (spec §2): a guest goes to /login with the original path in `redirect`. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const { pathname, search } = useLocation();
  if (token) return children;
  return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
}
