import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import * as service from './notes.service';

/** Favourites on the server, a listing's price history and the price-alert switch (issue 33). */
export function notesRoutes(app: FastifyInstance, deps: { db: Db; events: DomainEvents }): void {
  const notes = contract.notes;
  route(app, notes.list, async ({ user }) => ({ data: await service.listFavourites(deps.db, user.id) }));
  route(app, notes.add, async ({ params, user }) => ({
    data: await service.addNote(deps, user.id, pathId(params.id), app.clock()),
  }));
  route(app, notes.remove, async ({ params, user }) => {
    await service.removeNote(deps, user.id, pathId(params.id));
    return { status: 204, body: undefined };
  });
  route(app, notes.merge, async ({ body, user }) => ({
    data: await service.mergeNotes(deps, user.id, body.ids, app.clock()),
  }));
  route(app, notes.prices, async ({ params, user }) => ({
    data: await service.getPriceHistory(deps.db, pathId(params.id), user, app.clock()),
  }));
  route(app, notes.alerts, async ({ user }) => ({
    price_alerts: await service.getPriceAlerts(deps.db, user.id),
  }));
  route(app, notes.setAlerts, async ({ body, user }) => ({
    price_alerts: await service.switchPriceAlerts(deps.db, user.id, body.price_alerts),
  }));
}
