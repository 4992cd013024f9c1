import { lazyScreen, type FeatureRoute } from '../../routing';

export const postRoutes: FeatureRoute[] = [
  {
    id: 'post',
    path: 'posts/:id',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/post-screen'), 'PostScreen'),
  },
];
