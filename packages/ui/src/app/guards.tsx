import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@telegram-apps/telegram-ui';
import { isAdmin } from '@autoradar/core';
import { usePlatform } from '../platform';
import { useSession } from '../session/hooks';
import { signingOutAtom } from '../session/state';
import { ForbiddenScreen } from './forbidden-screen';
import { appMessages } from './messages';
import { PATHS } from '../paths';

/** Waits for the user behind a stored token; a screen that depends on who it is cannot decide before. */
export function ScreenSpinner() {
  return (
    <div className="app-screen-spinner" role="status" aria-label={appMessages.loading}>
      <Spinner size="l" />
    </div>
  );
}

/**
 * Admin-only routes (spec §2, §6), inside RequireSignIn. Others see «Недостаточно прав» with a way to the feed, at the
 * address they asked for: a silent redirect would leave them wondering where the page went, and an admin whose
 * role was just granted can reload the same address.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <ScreenSpinner />;
  return isAdmin(user) ? children : <ForbiddenScreen />;
}

// Loaded on demand like every other screen: a signed-in user arriving at / goes to search without it, and the
// mini-app's launch never shows it, so neither pays for it on the first route.
const LandingScreen = lazy(async () => ({
  default: (await import('../features/landing/screens/landing-screen')).LandingScreen,
}));

/**
 * `/` (spec §2): a signed-in user who opens the app at / goes to search. Reached from inside the app (the brand
 * link), the landing stays and shows who is signed in, so the brand link still leads somewhere. The first location
 * of a visit is the one React Router keys 'default'; it is decided on arrival, as GuestOnly does for /login.
 */
export function LandingRoute() {
  const { token } = useSession();
  const setSigningOut = useSetAtom(signingOutAtom);
  // A sign-out has arrived where it was going (session/state.ts).
  useEffect(() => setSigningOut(false), [setSigningOut]);
  const { key } = useLocation();
  const { initData } = usePlatform();
  const [arrived] = useState(() => key === 'default');
  if (token && arrived) return <Navigate to={PATHS.search} replace />;
  // A guest launched by Telegram is on the way to the mini-app sign-in (useMiniAppLaunchSignIn): no landing to load.
  if (initData && arrived) return <ScreenSpinner />;
  return (
    <Suspense fallback={<ScreenSpinner />}>
      <LandingScreen />
    </Suspense>
  );
}
