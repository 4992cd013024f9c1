import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { route } from '../../http/route';
import { toRowId } from './partner-ids';
import { createOrder, getOrderDetail, getOrderReport, listPartnerOrders, refreshOrder, type OrderDeps } from './orders.service';

export function orderRoutes(app: FastifyInstance, deps: OrderDeps): void {
  const { db } = deps;
  const orderId = (param: string) => toRowId(param, 'bigint');
  route(app, contract.partners.orders, async ({ params }) => ({ data: await listPartnerOrders(db, toRowId(params.id)) }));
  route(app, contract.partners.createOrder, async ({ params, body }) => ({
    status: 201,
    body: { data: await createOrder(deps, toRowId(params.id), body) },
  }));
  route(app, contract.partners.order, async ({ params }) => getOrderDetail(db, toRowId(params.id), orderId(params.orderId)));
  route(app, contract.partners.refreshOrder, async ({ params }) => refreshOrder(deps, toRowId(params.id), orderId(params.orderId)));
  // The stored file goes out byte for byte, so it is sent as text rather than re-serialised from a parsed object.
  route(app, contract.partners.downloadOrder, async ({ params, reply }) => {
    const { fileName, content } = await getOrderReport(db, toRowId(params.id), orderId(params.orderId));
    return reply
      .status(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(content);
  });
}
