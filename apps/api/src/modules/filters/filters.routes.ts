import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { pathId } from '../../http/http-error';
import { limited } from '../../http/rate-limits';
import { route } from '../../http/route';
import { createFilter, listUserFilters, removeFilter, replaceFilter, toggleFilter } from './filters.service';

export function filtersRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  // One count per user for every write of a saved filter (create, replace, delete, toggle).
  const writes = limited(app, 'filterWrite');
  route(app, contract.filters.list, async ({ user }) => ({ data: await listUserFilters(db, user) }));
  route(
    app,
    contract.filters.create,
    async ({ user, body }) => ({
      status: 201,
      body: { data: await createFilter(db, user, body, app.clock()) },
    }),
    writes,
  );
  route(
    app,
    contract.filters.update,
    async ({ user, params, body }) => ({
      data: await replaceFilter(db, user, pathId(params.id), body, app.clock()),
    }),
    writes,
  );
  route(
    app,
    contract.filters.delete,
    async ({ user, params }) => {
      await removeFilter(db, user, pathId(params.id));
      return { status: 204, body: undefined };
    },
    writes,
  );
  route(
    app,
    contract.filters.toggle,
    async ({ user, params, body }) => ({
      data: await toggleFilter(db, user, pathId(params.id), body.active),
    }),
    writes,
  );
}
