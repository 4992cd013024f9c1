import { lazyScreen, type FeatureRoute } from '../../routing';

export const profileRoutes: FeatureRoute[] = [
  {
    path: 'profile',
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/profile-screen'), 'ProfileScreen'),
  },
];
