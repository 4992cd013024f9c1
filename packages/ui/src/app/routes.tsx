import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { LandingScreen } from '../features/landing/screens/landing-screen';
import { useMiniAppLaunchSignIn } from '../features/login/hooks/launch-sign-in';
import { LoginScreen } from '../features/login/screens/login-screen';
import { PostScreen } from '../features/post/screens/post-screen';
import { GuestOnly } from '../features/session/components/guards';
import { SessionStart } from '../features/session/components/session-start';
import { useSession, useSignIn } from '../features/session/hooks';
import { BackButtonLayout } from './back-button';
import { NotFoundScreen } from './not-found-screen';

/** The session starts with the app; in the mini-app a guest launched by Telegram is sent to sign in. */
function SessionLayout() {
  const { status } = useSession();
  useMiniAppLaunchSignIn(status === 'guest');
  return (
    <>
      <SessionStart />
      <Outlet />
    </>
  );
}

/** The login feature signs in through the session feature; the route table joins the two. */
function LoginRoute() {
  const signIn = useSignIn();
  return (
    <GuestOnly>
      <LoginScreen signIn={signIn} />
    </GuestOnly>
  );
}

/** The route table of spec §2; screens join it as their features land. */
export const routes: RouteObject[] = [
  {
    element: <SessionLayout />,
    children: [
      {
        element: <BackButtonLayout />,
        children: [
          { index: true, element: <LandingScreen /> },
          { path: 'login', element: <LoginRoute /> },
          { id: 'post', path: 'posts/:id', element: <PostScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
