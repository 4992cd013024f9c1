import { lazyScreen, type FeatureRoute } from '../../routing';

// Spec §2: the admin screens, loaded on demand; app/routes.tsx puts them behind sign-in and the admin guard.
export const adminRoutes: FeatureRoute[] = [
  { path: 'brands', access: 'admin', Screen: lazyScreen(() => import('./screens/brands-screen'), 'BrandsScreen') },
  { path: 'models', access: 'admin', Screen: lazyScreen(() => import('./screens/models-screen'), 'ModelsScreen') },
  { path: 'addresses', access: 'admin', Screen: lazyScreen(() => import('./screens/cities-screen'), 'CitiesScreen') },
  {
    path: 'partners',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/partners-screen'), 'PartnersScreen'),
  },
  {
    path: 'partners/create',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/partner-form-screen'), 'PartnerCreateScreen'),
  },
  {
    path: 'partners/:id/edit',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/partner-form-screen'), 'PartnerEditScreen'),
  },
  {
    path: 'partners/:id/prompts',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/prompts-screen'), 'PromptsScreen'),
  },
  {
    path: 'partners/:id/prompts/create',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/prompt-form-screen'), 'PromptCreateScreen'),
  },
  {
    path: 'partners/:id/prompts/:promptId',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/prompt-form-screen'), 'PromptEditScreen'),
  },
  {
    path: 'partners/:id/orders',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/orders-screen'), 'OrdersScreen'),
  },
  {
    path: 'partners/:id/orders/:orderId',
    access: 'admin',
    Screen: lazyScreen(() => import('./screens/order-screen'), 'OrderScreen'),
  },
];
