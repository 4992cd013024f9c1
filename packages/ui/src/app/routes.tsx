import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../features/admin/routes';
import { infoRoutes } from '../features/info/routes';
import { useMiniAppLaunchSignIn } from '../features/login/hooks/launch-sign-in';
import { notesRoutes } from '../features/notes/routes';
import { payRoutes } from '../features/pay/routes';
import { postRoutes } from '../features/post/routes';
import { profileRoutes } from '../features/profile/routes';
import { searchRoutes } from '../features/search/routes';
import { sellRoutes } from '../features/sell/routes';
import { AppOverlaySpinner } from '../components/app-overlay-spinner';
import { useRememberPreviousRoute } from '../components/app-previous-route';
import { usePlatform } from '../platform';
import { feedOpensSignedIn } from '../store/first-content';
import { RealtimeSession } from '../realtime';
import { GuestOnly, RequireSignIn } from '../session/components/guards';
import { readTokenFromHash, SessionStart } from '../session/components/session-start';
import { useSession, useSignIn } from '../session/hooks';
import { PATHS } from '../paths';
import type { FeatureRoute, RouteAccess } from '../routing';
import { BackButtonLayout } from './back-button';
import { LandingRoute, RequireAdmin, ScreenSpinner } from './guards';
import { MainLayout } from './layout/main-layout';
import { appMessages } from './messages';
import { NotFoundScreen } from './not-found-screen';
import { RouteErrorBoundary } from './route-error-boundary';
import { useReadyWhenStarted, useSessionStarting } from './session-starting';

/**
 * Above every route: the session starts (spec §4), the realtime connection follows it, the previous route is
 * remembered (spec §2), and the overlay spinner covers the app while the session loads at start.
 */
function SessionLayout() {
  const { status } = useSession();
  const { hash } = useLocation();
  useMiniAppLaunchSignIn(status === 'loading' ? undefined : status === 'guest');
  useRememberPreviousRoute();
  // Not over a returning user's feed: it shows its own loading state and its cards need nothing of the user (issue 32).
  const starting = useSessionStarting(
    (status === 'loading' && !feedOpensSignedIn()) || Boolean(readTokenFromHash(hash)),
  );
  useReadyWhenStarted(starting);
  return (
    <>
      <SessionStart />
      <RealtimeSession />
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <AppOverlaySpinner active={starting} label={appMessages.loading} />
    </>
  );
}

// Loaded on demand like every screen but the landing: most visits never need it. Inside Telegram (initData) only the
// mini-app sign-in loads, never the web's widget and Yandex button, and the other way round.
const LoginScreen = lazy(async () => ({
  default: (await import('../features/login/screens/login-screen')).LoginScreen,
}));
const MiniAppLoginScreen = lazy(async () => ({
  default: (await import('../features/login/screens/miniapp-login-screen')).MiniAppLoginScreen,
}));

/** The login feature signs in through the session; the route table joins the two. */
function LoginRoute() {
  const signIn = useSignIn();
  const { initData } = usePlatform();
  return (
    <GuestOnly>
      <Suspense fallback={<ScreenSpinner />}>
        {initData ? <MiniAppLoginScreen initData={initData} signIn={signIn} /> : <LoginScreen />}
      </Suspense>
    </GuestOnly>
  );
}

/** Every feature's routes, in one list; the table below groups them by access. */
const featureRoutes: FeatureRoute[] = [
  ...searchRoutes,
  ...notesRoutes,
  ...sellRoutes,
  ...profileRoutes,
  ...payRoutes,
  ...postRoutes,
  ...infoRoutes,
  ...adminRoutes,
];

function routesOf(access: RouteAccess): RouteObject[] {
  return featureRoutes
    .filter((route) => route.access === access)
    .map(({ id, path, Screen }) => ({
      ...(id ? { id } : {}),
      // Relative to the layout routes above it, as React Router nests them.
      path: path.slice(1),
      element: (
        <RouteErrorBoundary>
          <Suspense fallback={<ScreenSpinner />}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      ),
    }));
}

/** The route table of spec §2: / and /login without the app bar, every other screen inside the main layout. */
export const routes: RouteObject[] = [
  {
    element: <SessionLayout />,
    children: [
      {
        element: <BackButtonLayout />,
        children: [
          { index: true, element: <LandingRoute /> },
          { path: PATHS.login.slice(1), element: <LoginRoute /> },
          {
            element: <MainLayout />,
            children: [
              ...routesOf('everyone'),
              {
                element: (
                  <RequireSignIn>
                    <Outlet />
                  </RequireSignIn>
                ),
                children: [
                  ...routesOf('signed-in'),
                  {
                    element: (
                      <RequireAdmin>
                        <Outlet />
                      </RequireAdmin>
                    ),
                    children: routesOf('admin'),
                  },
                ],
              },
              { path: '*', element: <NotFoundScreen /> },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
