import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

/** The feed's screen; feed-preload.ts asks for its code before the route renders it (issue 32). */
export const SearchScreen = lazyScreen(() => import('./screens/search-screen'), 'SearchScreen');

export const searchRoutes: FeatureRoute[] = [
  {
    path: PATHS.search,
    id: 'search',
    access: 'signed-in',
    Screen: SearchScreen,
  },
];
