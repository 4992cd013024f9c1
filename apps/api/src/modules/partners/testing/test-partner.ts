import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { readJson } from '../../../testing/read-json';

// Helpers shared by this module's tests (a partner row and waitFor: @autoradar/server/reports/testing/order-fixtures).

/** GET an order's detail as the admin screen does. */
export async function fetchOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  partnerId: number,
  orderId: number,
) {
  const res = await app.inject({ method: 'GET', url: `/api/partners/${partnerId}/orders/${orderId}`, headers });
  if (res.statusCode !== 200) throw new Error(`order detail answered ${res.statusCode}: ${res.body}`);
  return readJson(res, contract.partners.order);
}
