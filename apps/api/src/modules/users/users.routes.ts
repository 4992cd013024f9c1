import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { route } from '../../http/route';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { activateTestPeriod, getUserData, recordWriteAccess } from '@autoradar/server/users/users.service';

export function userRoutes(app: FastifyInstance, deps: { db: Db; events: DomainEvents }): void {
  route(app, contract.user.data, async ({ user }) => getUserData(deps.db, user.id));
  route(app, contract.user.startTestPeriod, async ({ user }) => ({
    data: await activateTestPeriod(deps, user, app.clock()),
  }));
  route(app, contract.user.writeAccess, async ({ user, body }) =>
    recordWriteAccess(deps.db, user.id, body.allows_write_to_pm, app.clock()),
  );
}
