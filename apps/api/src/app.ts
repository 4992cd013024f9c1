import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { Config } from '@autoradar/server/config/config';
import { errorServerOptions, registerErrorHandling } from './plugins/errors';
import { registerEdgeHeaders } from './plugins/edge-headers';
import { registerSpa } from './plugins/spa';
import { registerRequestId, requestIdServerOptions } from './plugins/request-id';
import { registerHttpMetrics } from './plugins/http-metrics';
import { createLogger, type Logger } from '@autoradar/server/runtime/logger';
import { healthRoutes } from './modules/health/health.routes';
import { registerAuth } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { isYandexConfigured } from './modules/auth/auth.service';
import { userRoutes } from './modules/users/users.routes';
import { createDomainEvents, LISTING_EVENTS, type DomainEvents } from '@autoradar/server/events/domain-events';
import { relayEvents } from '@autoradar/server/events/event-relay';
import { docsRoutes } from './modules/docs/docs.routes';
import { registerGuestAnnouncements, registerLiveEvents, registerRealtime } from './realtime/realtime.plugin';
import { notesRoutes } from './modules/notes/notes.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { registerMultipart } from './http/multipart';
import { tooManyRequests } from './http/rate-limits';
import { draftsRoutes } from './modules/drafts/drafts.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { partnerRoutes } from './modules/partners/partners.routes';
import { registerOrderWorker } from './reports/register-order-worker';
import { filtersRoutes } from './modules/filters/filters.routes';
import { supportRoutes } from './modules/support/support.routes';
import { registerStaffNotifier } from './notify/register-staff-notifier';
import { registerHousekeeping } from './notify/register-housekeeping';
import { registerNotifyWorker } from './notify/register-notify-worker';
import { registerMarketEstimator } from './market/register-market-estimator';
import { unsubscribeRoutes } from './modules/filters/unsubscribe.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { ratesRoutes } from './modules/rates/rates.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { registerSourceScheduler } from './sources/register-source-scheduler';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Injected in tests to move time (test period, token age); the wall clock otherwise. */
  clock?: () => Date;
  /** Sees every route as it is registered (the contract conformance test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** The process's logger (main.ts); a JSON logger at LOG_LEVEL named `api` otherwise. */
  logger?: Logger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The process's one fan-out of domain events (listing.*, user.updated): services announce there, and realtime, the
     * feed cache and the notification worker subscribe (packages/server/src/events/domain-events.ts).
     */
    events: DomainEvents;
  }
}

/** Builds the HTTP app without listening, so tests drive it through `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logger: FastifyBaseLogger = deps.logger ?? createLogger({ name: 'api', level: config.logLevel });
  const app = Fastify({
    // pino JSON lines, tokens redacted (Authorization, cookies); every request's lines carry its requestId.
    loggerInstance: logger,
    ...requestIdServerOptions,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Fastify's and the HTTP parser's own 4xx answers in the Russian envelope too.
    ...errorServerOptions,
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerRequestId(app);
  registerHttpMetrics(app);
  registerErrorHandling(app);
  // What every page's shell tells the client (window.__APP_CONFIG__), the listing page's included.
  const shellSettings = {
    botUsername: config.bot.username,
    miniappShortName: config.bot.miniappShortName,
    yandexEnabled: isYandexConfigured(config),
    operator: config.operator,
    realtime: { key: config.reverb.key, port: config.reverb.port },
  };
  // Security headers (CSP, frame-ancestors, nosniff) and CORS for the app's own origins, on every answer.
  await registerEdgeHeaders(app, { config, shell: { ...shellSettings, appName: config.appName } });
  // Limits apply only to routes that ask for one (sign-in); the error handler turns the 429 into Russian. With
  // REDIS_URL the instances behind the proxy count together, so N instances do not allow N times the limit; Redis
  // down lets requests through (skipOnError) rather than locking everyone out of sign-in.
  const limitStore = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2_000, enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  limitStore?.on('error', () => undefined);
  if (limitStore) {
    app.addHook('onClose', async () => void limitStore.disconnect());
    // Without an offline queue, counts sent before the connection is up would be skipped: wait for it (2 s at most).
    app.addHook('onReady', async () => {
      if (limitStore.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        limitStore.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    });
  }
  await app.register(rateLimit, {
    global: false,
    // «Слишком много запросов. Попробуйте через N секунд.» (http/rate-limits.ts); Retry-After says the same.
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
    ...(limitStore ? { redis: limitStore, nameSpace: 'autoradar:rate-limit:', skipOnError: true } : {}),
  });
  app.decorate('rateLimitScale', config.rateLimitScale);
  const clock = deps.clock ?? (() => new Date());
  const events = createDomainEvents({ log: app.log, db: deps.db.db });
  app.decorate('events', events);
  // Listing changes of the other processes on this database (the bot, a worker, another instance).
  let stopRelay: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopRelay = await relayEvents(deps.db, events, app.log);
  });
  app.addHook('onClose', async () => {
    await stopRelay?.();
  });
  registerAuth(app, { db: deps.db.db, clock });
  await registerMultipart(app, { maxFileBytes: config.uploadMaxBytes });
  healthRoutes(app, deps);
  authRoutes(app, {
    db: deps.db.db,
    config,
    // OAuth states live ten minutes; without APP_SECRET (development) a per-process secret is enough.
    secret: config.appSecret ?? randomBytes(32).toString('hex'),
    log: app.log,
  });
  userRoutes(app, { db: deps.db.db, events });
  const orderWorker = registerOrderWorker(app, { db: deps.db.db, config, clock });
  partnerRoutes(app, {
    db: deps.db.db,
    storage: createMediaStorage({ mediaDir: config.mediaDir }),
    clock,
    worker: orderWorker,
  });
  registerNotifyWorker(app, { handle: deps.db, config, clock, events });
  registerHousekeeping(app, { handle: deps.db, config });
  registerMarketEstimator(app, { handle: deps.db, config, clock, events });
  const sourceScheduler = registerSourceScheduler(app, { handle: deps.db, config, clock, events });
  sourcesRoutes(app, {
    db: deps.db.db,
    clock,
    ...(sourceScheduler ? { wake: () => sourceScheduler.wake() } : {}),
  });
  draftsRoutes(app, {
    db: deps.db.db,
    storage: createMediaStorage({ mediaDir: config.mediaDir }),
    uploadMaxBytes: config.uploadMaxBytes,
    events,
  });
  moderationRoutes(app, { db: deps.db.db, events });
  filtersRoutes(app, { db: deps.db.db });
  notesRoutes(app, { db: deps.db.db, events });
  unsubscribeRoutes(app, { db: deps.db.db, appName: config.appName });
  supportRoutes(app, { db: deps.db.db, notifier: registerStaffNotifier(app, config), appName: config.appName });
  paymentRoutes(app, { db: deps.db.db, config });
  referenceRoutes(app, { db: deps.db.db });
  ratesRoutes(app, config.rates);
  clientErrorsRoutes(app);
  const feed = postsRoutes(app, {
    db: deps.db.db,
    webDistDir: config.webDistDir,
    appName: config.appName,
    shell: shellSettings,
    appUrl: config.appUrl,
    cacheTtlMs: config.feedCacheTtlMs,
  });
  // Any listing change, of this process or another one, makes cached feed answers stale; subscribed before realtime,
  // so the cache is clear before a client hears of the change.
  events.on(LISTING_EVENTS, () => feed.invalidate(), { subscriber: 'feed-cache', from: 'anywhere' });
  docsRoutes(app, {
    appName: config.appName,
    appUrl: config.appUrl,
    env: config.env,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  await registerRealtime(app, config);
  registerLiveEvents(app, deps.db.db);
  // Aggregated listings reach the public `posts` channel when their 24-hour delay ends (any instance, once).
  registerGuestAnnouncements(app, deps.db.db);
  await registerSpa(app, {
    webDistDir: config.webDistDir,
    miniappDistDir: config.miniappDistDir,
    mediaDir: config.mediaDir,
    appName: config.appName,
    ...shellSettings,
  });
  return app;
}
