import { useEffect, useRef } from 'react';
import { atom, useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';

/**
 * Spec §2: after each navigation the previous route is remembered (path and query), e.g. for a back link or to tell
 * an arrival from an in-app visit. null until the first navigation inside the app.
 */
export const previousRouteAtom = atom<string | null>(null);

/** Mounted once by the app, above every route. */
export function useRememberPreviousRoute(): void {
  const { pathname, search } = useLocation();
  const setPrevious = useSetAtom(previousRouteAtom);
  const current = useRef<string | null>(null);
  useEffect(() => {
    const here = pathname + search;
    if (current.current !== null && current.current !== here) setPrevious(current.current);
    current.current = here;
  }, [pathname, search, setPrevious]);
}
