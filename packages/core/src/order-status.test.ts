import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants';
import { canDownloadOrder, getOrderStatusLabel, isOrderFinished, isOrderStatus } from './order-status';

describe('order status', () => {
  it('labels the four statuses in Russian', () => {
    expect(ORDER_STATUSES.map(getOrderStatusLabel)).toEqual(['Ожидает', 'В обработке', 'Завершён', 'Ошибка']);
  });

  it('allows the download only when completed', () => {
    expect(ORDER_STATUSES.filter(canDownloadOrder)).toEqual(['completed']);
  });

  it('stops polling on completed and failed', () => {
    expect(ORDER_STATUSES.filter(isOrderFinished)).toEqual(['completed', 'failed']);
  });

  it('recognises statuses', () => {
    expect(isOrderStatus('processing')).toBe(true);
    expect(isOrderStatus('done')).toBe(false);
  });
});
