import { PATHS, type AppPath } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

/** An admin route: app/routes.tsx puts it behind sign-in and the admin guard; its screen loads on demand. */
const admin = <M extends Record<string, unknown>>(
  path: AppPath,
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
  admin(PATHS.brands, () => import('./screens/brands-screen'), 'BrandsScreen'),
  admin(PATHS.models, () => import('./screens/models-screen'), 'ModelsScreen'),
  admin(PATHS.cities, () => import('./screens/cities-screen'), 'CitiesScreen'),
  admin(PATHS.partners, () => import('./screens/partners-screen'), 'PartnersScreen'),
  admin(PATHS.partnerCreate, partnerForm, 'PartnerCreateScreen'),
  admin(PATHS.partnerEdit, partnerForm, 'PartnerEditScreen'),
  admin(PATHS.prompts, () => import('./screens/prompts-screen'), 'PromptsScreen'),
  admin(PATHS.promptCreate, promptForm, 'PromptCreateScreen'),
  admin(PATHS.prompt, promptForm, 'PromptEditScreen'),
  admin(PATHS.orders, () => import('./screens/orders-screen'), 'OrdersScreen'),
  admin(PATHS.order, () => import('./screens/order-screen'), 'OrderScreen'),
  admin(PATHS.sources, () => import('./screens/sources-screen'), 'SourcesScreen'),
  admin(PATHS.source, () => import('./screens/source-screen'), 'SourceScreen'),
];
