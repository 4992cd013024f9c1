import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import type { MediaStorage } from '@autoradar/server/media/storage';
import { orderRoutes } from './orders.routes';
import type { OrderDeps } from './orders.service';
import { createPartner, editPartner, getPartner, listAllPartners } from './partners.service';
import { promptRoutes } from './prompts.routes';

/** The admin partner screens (spec §2): partners, their key prompts and their VIN report orders. */
export function partnerRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: MediaStorage; clock: () => Date; worker: OrderDeps['worker'] },
): void {
  const { db } = deps;
  route(app, contract.partners.list, async () => ({ data: await listAllPartners(db) }));
  route(app, contract.partners.get, async ({ params }) => ({
    data: await getPartner(db, pathId(params.id, 'serial')),
  }));
  route(app, contract.partners.create, async ({ body }) => ({
    status: 201,
    body: { data: await createPartner(deps, body) },
  }));
  route(app, contract.partners.update, async ({ params, body }) => ({
    data: await editPartner(deps, pathId(params.id, 'serial'), body),
  }));
  promptRoutes(app, deps);
  orderRoutes(app, deps);
}
