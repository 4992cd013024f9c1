import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { pathId } from '../../http/http-error';
import { limited } from '../../http/rate-limits';
import { route } from '../../http/route';
import {
  createOrder,
  getOrderDetail,
  getOrderReport,
  listPartnerOrders,
  refreshOrder,
  type OrderDeps,
} from './orders.service';

export function orderRoutes(app: FastifyInstance, deps: OrderDeps): void {
  const { db } = deps;
  route(app, contract.partners.orders, async ({ params }) => ({
    data: await listPartnerOrders(db, pathId(params.id, 'serial')),
  }));
  route(
    app,
    contract.partners.createOrder,
    async ({ params, body }) => ({
      status: 201,
      body: { data: await createOrder(deps, pathId(params.id, 'serial'), body) },
    }),
    limited(app, 'reportOrder'),
  );
  route(app, contract.partners.order, async ({ params }) =>
    getOrderDetail(db, pathId(params.id, 'serial'), pathId(params.orderId)),
  );
  route(app, contract.partners.refreshOrder, async ({ params }) =>
    refreshOrder(deps, pathId(params.id, 'serial'), pathId(params.orderId)),
  );
  // The stored file goes out byte for byte, so it is sent as text rather than re-serialised from a parsed object.
  route(app, contract.partners.downloadOrder, async ({ params, reply }) => {
    const { fileName, content } = await getOrderReport(db, pathId(params.id, 'serial'), pathId(params.orderId));
    return reply
      .status(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(content);
  });
}
