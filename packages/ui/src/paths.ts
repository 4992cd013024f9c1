import { generatePath } from 'react-router-dom';

/**
 * Every screen's address (spec §2), once: the route table is built from these patterns and every link, redirect and
 * deep link reads them here, so a renamed route is one edit. Patterns use React Router's `:param`; `pathTo` fills
 * them in, typed by the pattern's own parameters.
 */
export const PATHS = {
  landing: '/',
  login: '/login',
  search: '/search',
  notes: '/notes',
  newListing: '/new',
  profile: '/profile',
  pay: '/pay',
  paymentSuccess: '/payment/success',
  paymentFail: '/payment/fail',
  post: '/posts/:id',
  contacts: '/contacts',
  policy: '/policy',
  rules: '/rules',
  brands: '/brands',
  models: '/models',
  cities: '/addresses',
  partners: '/partners',
  partnerCreate: '/partners/create',
  partnerEdit: '/partners/:id/edit',
  prompts: '/partners/:id/prompts',
  promptCreate: '/partners/:id/prompts/create',
  prompt: '/partners/:id/prompts/:promptId',
  orders: '/partners/:id/orders',
  order: '/partners/:id/orders/:orderId',
  sources: '/sources',
  source: '/sources/:id',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** A pattern with its parameters filled in: `pathTo(PATHS.order, { id: '3', orderId: '9' })`. */
export const pathTo = generatePath;

/** A listing's page. */
export const postPath = (id: number | string) => pathTo(PATHS.post, { id: String(id) });

/** The sign-in page, coming back to `redirect` (a path with its query) once signed in. */
export const loginPath = (redirect?: string) =>
  redirect ? `${PATHS.login}?redirect=${encodeURIComponent(redirect)}` : PATHS.login;

/** The feed with a saved filter chosen (a deep link's `filter_<id>`). */
export const searchWithFilterPath = (filterId: number | string) => `${PATHS.search}?${FILTER_PARAM}=${filterId}`;

/** The query parameter a link names a saved filter with (the mini-app's `startapp=filter_<id>`). */
export const FILTER_PARAM = 'filter';
