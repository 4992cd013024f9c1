import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const postRoutes: FeatureRoute[] = [
  {
    id: 'post',
    path: PATHS.post,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/post-screen'), 'PostScreen'),
  },
];
