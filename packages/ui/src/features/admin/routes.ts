import { lazyScreen, type FeatureRoute } from '../../routing';

/** An admin route: app/routes.tsx puts it behind sign-in and the admin guard; its screen loads on demand. */
const admin = <M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  name: keyof M,
): FeatureRoute => ({
  path,
  access: 'admin',
  Screen: lazyScreen(load, name),
});

const partnerForm = () => import('./screens/partner-form-screen');
const promptForm = () => import('./screens/prompt-form-screen');

// Spec §2: the admin screens.
export const adminRoutes: FeatureRoute[] = [
  admin('brands', () => import('./screens/brands-screen'), 'BrandsScreen'),
  admin('models', () => import('./screens/models-screen'), 'ModelsScreen'),
  admin('addresses', () => import('./screens/cities-screen'), 'CitiesScreen'),
  admin('partners', () => import('./screens/partners-screen'), 'PartnersScreen'),
  admin('partners/create', partnerForm, 'PartnerCreateScreen'),
  admin('partners/:id/edit', partnerForm, 'PartnerEditScreen'),
  admin('partners/:id/prompts', () => import('./screens/prompts-screen'), 'PromptsScreen'),
  admin('partners/:id/prompts/create', promptForm, 'PromptCreateScreen'),
  admin('partners/:id/prompts/:promptId', promptForm, 'PromptEditScreen'),
  admin('partners/:id/orders', () => import('./screens/orders-screen'), 'OrdersScreen'),
  admin('partners/:id/orders/:orderId', () => import('./screens/order-screen'), 'OrderScreen'),
];
