import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const profileRoutes: FeatureRoute[] = [
  {
    path: PATHS.profile,
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/profile-screen'), 'ProfileScreen'),
  },
];
