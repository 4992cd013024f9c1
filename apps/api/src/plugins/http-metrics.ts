import type { FastifyInstance } from 'fastify';
import { httpDuration } from '@autoradar/server/runtime/metrics';

// HTTP durations by route pattern (never the raw URL: ids would make a series each), method and status (issue 30),
// read on the internal METRICS_PORT listener.

export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
