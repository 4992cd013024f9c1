import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { Config } from './config';
import { registerErrorHandling } from './plugins/errors';
import { registerSpa } from './plugins/spa';
import { healthRoutes } from './modules/health/health.routes';
import { registerAuth } from './modules/auth/auth.plugin';
import { docsRoutes } from './modules/docs/docs.routes';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Injected in tests to move time (test period, token age); the wall clock otherwise. */
  clock?: () => Date;
  /** Sees every route as it is registered (the contract conformance test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the HTTP app without listening, so tests drive it through `app.inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in the Authorization header and the URL fragment; neither may reach a log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: true,
    bodyLimit: 1_048_576,
    disableRequestLogging: config.env === 'test',
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerErrorHandling(app);
  registerAuth(app, { db: deps.db.db, clock: deps.clock ?? (() => new Date()) });
  healthRoutes(app, deps);
  docsRoutes(app, { appName: config.appName, appUrl: config.appUrl });
  await registerSpa(app, {
    webDistDir: config.webDistDir,
    miniappDistDir: config.miniappDistDir,
    mediaDir: config.mediaDir,
    appName: config.appName,
  });
  return app;
}
