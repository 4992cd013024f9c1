import { lazyScreen, type FeatureRoute } from '../../routing';

export const searchRoutes: FeatureRoute[] = [
  {
    path: 'search',
    id: 'search',
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/search-screen'), 'SearchScreen'),
  },
];
