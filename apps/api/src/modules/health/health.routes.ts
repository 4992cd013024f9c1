import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@autoradar/db';

export function healthRoutes(app: FastifyInstance, deps: { db: DbHandle }): void {
  app.get('/api/health', async (request, reply) => {
    try {
      await deps.db.ping();
      return { status: 'ok', db: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health: database unreachable');
      return reply.status(503).send({ message: 'База данных недоступна' });
    }
  });
}
