import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const searchRoutes: FeatureRoute[] = [
  {
    path: PATHS.search,
    id: 'search',
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/search-screen'), 'SearchScreen'),
  },
];
