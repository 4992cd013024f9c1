import { lazyScreen, type FeatureRoute } from '../../routing';

export const infoRoutes: FeatureRoute[] = [
  {
    path: 'contacts',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/contacts-screen'), 'ContactsScreen'),
  },
  {
    path: 'policy',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/policy-screen'), 'PolicyScreen'),
  },
  {
    path: 'rules',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/rules-screen'), 'RulesScreen'),
  },
];
