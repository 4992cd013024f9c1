import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { route } from '../../http/route';
import type { DomainEventBus } from '../../events';
import { activateTestPeriod, getUserData } from './users.service';

export function userRoutes(app: FastifyInstance, deps: { db: Db; events: DomainEventBus }): void {
  route(app, contract.user.data, async ({ user }) => getUserData(deps.db, user.id));
  route(app, contract.user.startTestPeriod, async ({ user }) => ({ data: await activateTestPeriod(deps, user, app.clock()) }));
}
