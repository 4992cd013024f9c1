import { LogController, type FastifyInstance } from 'fastify';
import { requestIdOf } from '@autoradar/server/runtime/logger';
import { runWithRequestId } from '@autoradar/server/runtime/request-context';

// The request id (issue 30): X-Request-Id when nginx or a client sends a well-formed one, else a random UUID
// (Fastify's genReqId, below). Every log line of the request carries it as `requestId`, the answer returns it in
// X-Request-Id, and the handler runs inside it, so the jobs it creates store it (notify_jobs, orders).

export const requestIdServerOptions = {
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
    requestIdOf(req.headers['x-request-id']),
  // Fastify 5.12's way of naming the label (the top-level `requestIdLogLabel` warns at every start).
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
};

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // The last hook before the handler: the handler and everything it awaits see the id (currentRequestId()).
  app.addHook('preHandler', (request, _reply, done) => {
    runWithRequestId(request.id, done);
  });
}
