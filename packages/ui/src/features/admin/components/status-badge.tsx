import { getOrderStatusLabel, type OrderStatus } from '@autoradar/core';
import { Badge, type BadgeTone } from '../../../components/badge/badge';

const TONES: Record<OrderStatus, BadgeTone> = {
  new: 'neutral',
  processing: 'info',
  completed: 'positive',
  failed: 'negative',
};

/** An order's or a section's status in the spec's words (Ожидает, В обработке, Завершён, Ошибка), coloured by kind. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={TONES[status]} size="m">
      {getOrderStatusLabel(status)}
    </Badge>
  );
}
