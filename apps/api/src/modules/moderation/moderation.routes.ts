import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import { unpublishPost } from '@autoradar/server/listings/moderation';

export function moderationRoutes(app: FastifyInstance, deps: { db: Db; events: DomainEvents }): void {
  const service = { ...deps, clock: () => app.clock() };
  route(app, contract.posts.unpublish, async ({ params }) => {
    await unpublishPost(service, pathId(params.id));
    return { status: 204, body: undefined };
  });
}
