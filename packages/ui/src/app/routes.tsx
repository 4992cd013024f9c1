import { useRoutes, type RouteObject } from 'react-router-dom';
import { LandingScreen } from '../features/landing/screens/landing-screen';
import { PostScreen } from '../features/post/screens/post-screen';
import { BackButtonLayout } from './back-button';
import { NotFoundScreen } from './not-found-screen';

/** The route table of spec §2; screens join it as their features land. */
export const routes: RouteObject[] = [
  {
    element: <BackButtonLayout />,
    children: [
      { index: true, element: <LandingScreen /> },
      { id: 'post', path: 'posts/:id', element: <PostScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
