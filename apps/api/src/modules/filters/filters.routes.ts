import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import { createFilter, listUserFilters, removeFilter, replaceFilter, toggleFilter } from './filters.service';

export function filtersRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  route(app, contract.filters.list, async ({ user }) => ({ data: await listUserFilters(db, user) }));
  route(app, contract.filters.create, async ({ user, body }) => ({
    status: 201,
    body: { data: await createFilter(db, user, body, app.clock()) },
  }));
  route(app, contract.filters.update, async ({ user, params, body }) => ({
    data: await replaceFilter(db, user, pathId(params.id), body, app.clock()),
  }));
  route(app, contract.filters.delete, async ({ user, params }) => {
    await removeFilter(db, user, pathId(params.id));
    return { status: 204, body: undefined };
  });
  route(app, contract.filters.toggle, async ({ user, params, body }) => ({
    data: await toggleFilter(db, user, pathId(params.id), body.active),
  }));
}
