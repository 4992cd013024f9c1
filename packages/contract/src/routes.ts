import type { Contract } from './contract';
import type { EndpointDefinition } from './endpoint';

// What a browser needs to call the API: each endpoint's method and path, without its schemas. The apps' first screen
// imports this table instead of `contract`, whose zod schemas (and zod's JSON-schema code) would otherwise come with
// it (issue 32: at most 120 KB of JavaScript before the first card). The server validates with `contract` as before;
// the type below makes the compiler check every method and path against it, and routes.test.ts that no endpoint is
// missing or differs.

declare const endpointOf: unique symbol;

/** One endpoint as a client calls it; `E` (type only) is the contract's endpoint, so answers and inputs stay typed. */
export interface Route<E extends EndpointDefinition = EndpointDefinition> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The 200 answer is a server-rendered HTML page. */
  readonly html?: true;
  /** Never set: carries the endpoint's type to the client's `call`. */
  readonly [endpointOf]?: E;
}

/** The endpoint a route calls (type only). */
export type RouteEndpoint<R> = R extends Route<infer E> ? E : never;

export type Routes = {
  readonly [G in keyof Contract]: {
    readonly [K in keyof Contract[G]]: Contract[G][K] extends infer E extends EndpointDefinition ? Route<E> : never;
  };
};

/**
 * The feed's call, on its own as well: the first paint before the app's code (packages/ui first-paint, issue 32)
 * finds the feed's early answer by it without the whole table.
 */
export const feedSearchRoute: Routes['posts']['search'] = { method: 'POST', path: '/api/posts/search' };

/** Every call of the product, by feature, as the contract names them: `routes.posts.search`, … */
export const routes: Routes = {
  health: {
    check: { method: 'GET', path: '/api/health' },
    ready: { method: 'GET', path: '/api/ready' },
  },
  docs: {
    openApi: { method: 'GET', path: '/api/docs/openapi.json' },
    page: { method: 'GET', path: '/api/docs', html: true },
  },
  auth: {
    telegramCheck: { method: 'POST', path: '/api/auth/telegram/check' },
    telegramLogin: { method: 'POST', path: '/api/auth/telegram/login' },
    telegramCallback: { method: 'GET', path: '/auth/telegram/callback' },
    yandexRedirect: { method: 'GET', path: '/auth/yandex/redirect' },
    yandexCallback: { method: 'GET', path: '/auth/yandex/callback' },
    logout: { method: 'POST', path: '/api/logout' },
    logoutAll: { method: 'POST', path: '/api/auth/logout-all' },
  },
  user: {
    data: { method: 'GET', path: '/api/user/data' },
    startTestPeriod: { method: 'POST', path: '/api/test-period' },
    writeAccess: { method: 'PUT', path: '/api/user/write-access' },
  },
  posts: {
    search: feedSearchRoute,
    countNew: { method: 'POST', path: '/api/posts/count-new' },
    get: { method: 'GET', path: '/api/posts/:id' },
    page: { method: 'GET', path: '/posts/:id', html: true },
    featured: { method: 'POST', path: '/api/ck00p/posts' },
    notes: { method: 'POST', path: '/api/notes' },
    my: { method: 'GET', path: '/api/posts/my' },
    unpublish: { method: 'PUT', path: '/api/posts/:id/unpublish' },
  },
  notes: {
    list: { method: 'GET', path: '/api/notes' },
    add: { method: 'PUT', path: '/api/notes/:id' },
    remove: { method: 'DELETE', path: '/api/notes/:id' },
    merge: { method: 'POST', path: '/api/notes/merge' },
    prices: { method: 'GET', path: '/api/posts/:id/prices' },
    alerts: { method: 'GET', path: '/api/user/price-alerts' },
    setAlerts: { method: 'PUT', path: '/api/user/price-alerts' },
  },
  reference: {
    brands: { method: 'GET', path: '/api/brands' },
    brand: { method: 'GET', path: '/api/brands/:id' },
    models: { method: 'GET', path: '/api/models' },
    generations: { method: 'GET', path: '/api/models/:id/generations' },
    configurations: { method: 'GET', path: '/api/models/:id/configurations' },
    cities: { method: 'GET', path: '/api/addresses' },
    carData: { method: 'POST', path: '/api/car-data' },
    createBrand: { method: 'POST', path: '/api/brands' },
    updateBrand: { method: 'PUT', path: '/api/brands/:id' },
    deleteBrand: { method: 'DELETE', path: '/api/brands/:id' },
    createModel: { method: 'POST', path: '/api/models' },
    updateModel: { method: 'PUT', path: '/api/models/:id' },
    deleteModel: { method: 'DELETE', path: '/api/models/:id' },
    createCity: { method: 'POST', path: '/api/addresses' },
    updateCity: { method: 'PUT', path: '/api/addresses/:id' },
    deleteCity: { method: 'DELETE', path: '/api/addresses/:id' },
  },
  drafts: {
    create: { method: 'GET', path: '/api/drafts/create' },
    update: { method: 'PUT', path: '/api/drafts/:id' },
    publish: { method: 'POST', path: '/api/drafts/:id/publish' },
    uploadMedia: { method: 'POST', path: '/api/drafts/media' },
  },
  filters: {
    list: { method: 'GET', path: '/api/user/filters' },
    create: { method: 'POST', path: '/api/user/filters' },
    update: { method: 'PUT', path: '/api/user/filters/:id' },
    delete: { method: 'DELETE', path: '/api/user/filters/:id' },
    toggle: { method: 'PATCH', path: '/api/user/filters/:id/toggle' },
    unsubscribe: { method: 'GET', path: '/filters/:id/unsubscribe', html: true },
  },
  support: {
    send: { method: 'POST', path: '/api/support' },
    orderInspection: { method: 'POST', path: '/api/tickets' },
  },
  payment: {
    pay: { method: 'POST', path: '/api/payment/yookassa/pay' },
    yookassaWebhook: { method: 'POST', path: '/api/payment/yookassa/webhook' },
    sandboxCheckout: { method: 'GET', path: '/payment/sandbox/:paymentId', html: true },
    sandboxComplete: { method: 'POST', path: '/payment/sandbox/:paymentId' },
  },
  partners: {
    list: { method: 'GET', path: '/api/partners' },
    get: { method: 'GET', path: '/api/partners/:id' },
    create: { method: 'POST', path: '/api/partners' },
    update: { method: 'POST', path: '/api/partners/:id' },
    prompts: { method: 'GET', path: '/api/partners/:id/prompts' },
    createPrompt: { method: 'POST', path: '/api/partners/:id/prompts' },
    prompt: { method: 'GET', path: '/api/partners/:id/prompts/:promptId' },
    updatePrompt: { method: 'PUT', path: '/api/partners/:id/prompts/:promptId' },
    deletePrompt: { method: 'DELETE', path: '/api/partners/:id/prompts/:promptId' },
    orders: { method: 'GET', path: '/api/partners/:id/orders' },
    createOrder: { method: 'POST', path: '/api/partners/:id/orders' },
    order: { method: 'GET', path: '/api/partners/:id/orders/:orderId' },
    refreshOrder: { method: 'POST', path: '/api/partners/:id/orders/:orderId/refresh' },
    downloadOrder: { method: 'GET', path: '/api/partners/:id/orders/:orderId/download' },
  },
  sources: {
    list: { method: 'GET', path: '/api/sources' },
    get: { method: 'GET', path: '/api/sources/:id' },
    add: { method: 'POST', path: '/api/sources' },
    pause: { method: 'PUT', path: '/api/sources/:id/pause' },
    resume: { method: 'PUT', path: '/api/sources/:id/resume' },
    remove: { method: 'DELETE', path: '/api/sources/:id' },
  },
  rates: {
    get: { method: 'GET', path: '/api/rates' },
  },
  realtime: {
    auth: { method: 'POST', path: '/broadcasting/auth' },
    triggerEvent: { method: 'POST', path: '/apps/:appId/events' },
  },
  clientErrors: {
    report: { method: 'POST', path: '/api/client-errors' },
  },
};
