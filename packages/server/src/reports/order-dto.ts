import { OrderReportSchema, type Order, type OrderPart } from '@autoradar/contract';
import { REPORT_SECTION_KEYS, formatReportFile } from '@autoradar/core';
import type { Order as OrderRow, OrderPart as OrderPartRow } from '@autoradar/db';

/** An order row with its section rows, as the contract's Order: one result entry per section, in spec order. */
export function toOrderDto(order: OrderRow, parts: readonly OrderPartRow[]): Order {
  const result: Record<string, { status: OrderPartRow['status']; value: unknown }> = {};
  for (const key of REPORT_SECTION_KEYS) {
    const part = parts.find((p) => p.key === key);
    if (part) result[key] = { status: part.status, value: part.status === 'completed' ? part.value : null };
  }
  return {
    id: order.id,
    partner_id: order.partnerId,
    string: order.string,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    result,
  };
}

export function toOrderPartDtos(parts: readonly OrderPartRow[]): OrderPart[] {
  return [...parts]
    .sort((a, b) => REPORT_SECTION_KEYS.indexOf(a.key) - REPORT_SECTION_KEYS.indexOf(b.key))
    .map((p) => ({ id: p.id, key: p.key, title: p.title }));
}

/** The report file: the completed order in the contract's report shape, pretty-printed once and stored as is. */
export function renderReport(order: OrderRow, parts: readonly OrderPartRow[]): string {
  return formatReportFile(OrderReportSchema.parse(toOrderDto(order, parts)));
}
