import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const sellRoutes: FeatureRoute[] = [
  {
    path: PATHS.newListing,
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/new-listing-screen'), 'NewListingScreen'),
  },
];
