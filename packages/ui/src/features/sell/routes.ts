import { lazyScreen, type FeatureRoute } from '../../routing';

export const sellRoutes: FeatureRoute[] = [
  {
    path: 'new',
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/new-listing-screen'), 'NewListingScreen'),
  },
];
