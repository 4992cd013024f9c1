import type { CreateOrderRequestSchema, Order, OrderPart } from '@autoradar/contract';
import { MESSAGES, canDownloadOrder, normalizeVin, reportFileName, validateOrderVin } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { z } from 'zod';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import { toOrderDto, toOrderPartDtos } from '@autoradar/server/reports/order-dto';
import { insertOrder, type OrderWithParts } from '@autoradar/server/reports/order-queue';
import { findOrder, listOrders, requeueFailedSections } from './orders.repo';
import { PARTNERS_MESSAGES } from './partners.messages';
import { partnerExists } from './partners.repo';

export interface OrderDeps {
  db: Db;
  clock: () => Date;
  /** The background worker; told when there is new work so it does not wait for its next poll. */
  worker: { wake(): void };
}

type CreateOrderForm = z.output<typeof CreateOrderRequestSchema>;

const invalid = (field: string, message: string) =>
  new DomainError('invalid', MESSAGES.validationFailed, { [field]: [message] });

async function requirePartner(db: Db, partnerId: number): Promise<void> {
  if (!(await partnerExists(db, partnerId))) throw notFound();
}

async function requireOrder(db: Db, partnerId: number, orderId: number): Promise<OrderWithParts> {
  const found = await findOrder(db, partnerId, orderId);
  if (!found) throw notFound();
  return found;
}

const toDetail = ({ order, parts }: OrderWithParts): { order: Order; parts: OrderPart[] } => ({
  order: toOrderDto(order, parts),
  parts: toOrderPartDtos(parts),
});

export async function listPartnerOrders(db: Db, partnerId: number): Promise<Order[]> {
  await requirePartner(db, partnerId);
  return (await listOrders(db, partnerId)).map(({ order, parts }) => toOrderDto(order, parts));
}

/**
 * Orders a report: the VIN is stored normalised (upper case, no spaces) once core has accepted it, check digit
 * included; the provider is asked in the background, never inside this request.
 */
export async function createOrder(deps: OrderDeps, partnerId: number, form: CreateOrderForm): Promise<Order> {
  await requirePartner(deps.db, partnerId);
  if (form.partner_id !== partnerId) throw invalid('partner_id', PARTNERS_MESSAGES.orderPartnerMismatch);
  const message = validateOrderVin(form.string);
  if (message !== null) throw invalid('string', message);
  const created = await insertOrder(deps.db, partnerId, normalizeVin(form.string), deps.clock());
  deps.worker.wake();
  return toOrderDto(created.order, created.parts);
}

export async function getOrderDetail(db: Db, partnerId: number, orderId: number) {
  return toDetail(await requireOrder(db, partnerId, orderId));
}

/** Re-runs only the failed sections of a failed order; an order still in the queue or completed is left as it is. */
export async function refreshOrder(deps: OrderDeps, partnerId: number, orderId: number) {
  await requireOrder(deps.db, partnerId, orderId);
  const requeued = await requeueFailedSections(deps.db, orderId);
  // Read before waking the worker, so the answer shows what refresh did rather than how far the worker got.
  const detail = toDetail(await requireOrder(deps.db, partnerId, orderId));
  if (requeued) deps.worker.wake();
  return detail;
}

/** The stored report file of a completed order, as it was written when the order completed. */
export async function getOrderReport(
  db: Db,
  partnerId: number,
  orderId: number,
): Promise<{ fileName: string; content: string }> {
  const { order } = await requireOrder(db, partnerId, orderId);
  if (!canDownloadOrder(order.status) || order.report === null)
    throw new DomainError('conflict', PARTNERS_MESSAGES.reportNotReady);
  return { fileName: reportFileName(order), content: order.report };
}
