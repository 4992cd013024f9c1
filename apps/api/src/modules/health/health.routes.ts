import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { contract } from '@autoradar/contract';
import type { DbHandle } from '@autoradar/db';
import { createReadinessChecker } from '@autoradar/server/runtime/readiness';
import { route } from '../../http/route';

export function healthRoutes(
  app: FastifyInstance,
  deps: { db: DbHandle; config: { redisUrl: string | undefined } },
): void {
  route(app, contract.health.check, async ({ request }) => {
    try {
      await deps.db.ping();
      return { status: 'ok', db: 'ok' } as const;
    } catch (err) {
      request.log.error({ err }, 'health: database unreachable');
      return { status: 503, body: { status: 'error', db: 'error', message: MESSAGES.databaseUnavailable } } as const;
    }
  });
  // Readiness (issue 30): nginx and compose send traffic only to a ready instance. Nothing is cached and the pool
  // reconnects, so the answer turns 200 again once PostgreSQL is back, without a restart.
  const readiness = createReadinessChecker({ handle: deps.db, redisUrl: deps.config.redisUrl });
  app.addHook('onClose', () => readiness.close());
  route(app, contract.health.ready, async ({ request }) => {
    const state = await readiness.check();
    if (state.ready) {
      return {
        status: 'ok',
        db: 'ok',
        migrations: 'ok',
        redis: state.checks.redis === 'off' ? 'off' : 'ok',
      } as const;
    }
    request.log.warn({ checks: state.checks }, 'ready: not ready');
    return {
      status: 503,
      body: { status: 'error', ...state.checks, message: state.message ?? MESSAGES.databaseUnavailable },
    } as const;
  });
}
