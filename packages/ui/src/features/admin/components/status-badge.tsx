import { getOrderStatusLabel, type OrderStatus } from '@autoradar/core';

/** An order's or a section's status in the spec's words (Ожидает, В обработке, Завершён, Ошибка), coloured by kind. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-status admin-status--${status}`}>{getOrderStatusLabel(status)}</span>;
}
