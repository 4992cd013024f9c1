import Fastify, { type FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';
import type { Config } from './config';
import { registerErrorHandling } from './plugins/errors';
import { registerSpa } from './plugins/spa';
import { healthRoutes } from './modules/health/health.routes';

export interface AppDeps {
  config: Config;
  db: DbHandle;
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

  registerErrorHandling(app);
  healthRoutes(app, deps);
  await registerSpa(app, {
    webDistDir: config.webDistDir,
    miniappDistDir: config.miniappDistDir,
    mediaDir: config.mediaDir,
    appName: config.appName,
  });
  return app;
}
