import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const infoRoutes: FeatureRoute[] = [
  {
    path: PATHS.contacts,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/contacts-screen'), 'ContactsScreen'),
  },
  {
    path: PATHS.policy,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/policy-screen'), 'PolicyScreen'),
  },
  {
    path: PATHS.rules,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/rules-screen'), 'RulesScreen'),
  },
];
