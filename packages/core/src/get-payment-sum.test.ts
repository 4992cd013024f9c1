import { describe, expect, it } from 'vitest';
import { PRO_OLD_PRICE_RUB, PRO_PRICE_RUB } from './constants';
import { getPaymentSum } from './get-payment-sum';

const now = new Date('2025-06-15T12:00:00Z');

describe('getPaymentSum', () => {
  it('is 1000 without active PRO and 0 with it', () => {
    expect(PRO_PRICE_RUB).toBe(1000);
    expect(PRO_OLD_PRICE_RUB).toBe(3000);
    expect(getPaymentSum(null, now)).toBe(1000);
    expect(getPaymentSum({ is_pro: false, pro_expired: null }, now)).toBe(1000);
    expect(getPaymentSum({ is_pro: true, pro_expired: '2025-06-01T00:00:00Z' }, now)).toBe(1000);
    expect(getPaymentSum({ is_pro: true, pro_expired: '2025-07-01T00:00:00Z' }, now)).toBe(0);
  });
});
