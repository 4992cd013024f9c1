import { ORDER_STATUSES, type OrderStatus } from './constants';
import { ORDER_STATUS_LABELS } from './messages';

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function getOrderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/** The report file exists only once every section has been fetched. */
export function canDownloadOrder(status: OrderStatus): boolean {
  return status === 'completed';
}

/** Polling the order detail stops once the provider has nothing more to say. */
export function isOrderFinished(status: OrderStatus): boolean {
  return status === 'completed' || status === 'failed';
}
