import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { contract } from '@autoradar/contract';
import type { DbHandle } from '@autoradar/db';
import { route } from '../../http/route';

export function healthRoutes(app: FastifyInstance, deps: { db: DbHandle }): void {
  route(app, contract.health.check, async ({ request }) => {
    try {
      await deps.db.ping();
      return { status: 'ok', db: 'ok' } as const;
    } catch (err) {
      request.log.error({ err }, 'health: database unreachable');
      return { status: 503, body: { status: 'error', db: 'error', message: MESSAGES.databaseUnavailable } } as const;
    }
  });
}
