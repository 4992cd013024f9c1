import { describe, expect, it } from 'vitest';
import {
  PayRequestSchema,
  PayResponseSchema,
  SandboxPaymentActionRequestSchema,
  YookassaWebhookRequestSchema,
} from './payment';

describe('payment', () => {
  it('takes pro and sum in whole roubles', () => {
    expect(PayRequestSchema.safeParse({ pro: true, sum: 1000 }).success).toBe(true);
    expect(PayRequestSchema.safeParse({ pro: true, sum: 0 }).success).toBe(true);
    expect(PayRequestSchema.safeParse({ pro: true, sum: -1 }).success).toBe(false);
    expect(PayRequestSchema.safeParse({ pro: true, sum: 999.5 }).success).toBe(false);
    expect(
      PayResponseSchema.safeParse({ url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=1' }).success,
    ).toBe(true);
  });

  it('reads a YooKassa notification and keeps its other fields', () => {
    const notification = {
      type: 'notification',
      event: 'payment.succeeded',
      object: {
        id: '22d6d597-000f-5000-9000-145f6df21d6f',
        status: 'succeeded',
        paid: true,
        amount: { value: '1000.00', currency: 'RUB' },
      },
    };
    expect(YookassaWebhookRequestSchema.parse(notification)).toEqual(notification);
    expect(YookassaWebhookRequestSchema.safeParse({ ...notification, type: 'other' }).success).toBe(false);
    expect(YookassaWebhookRequestSchema.safeParse({ ...notification, object: { status: 'succeeded' } }).success).toBe(
      false,
    );
  });

  it('settles a sandbox payment by action', () => {
    expect(SandboxPaymentActionRequestSchema.safeParse({ action: 'succeed' }).success).toBe(true);
    expect(SandboxPaymentActionRequestSchema.safeParse({ action: 'refund' }).success).toBe(false);
  });
});
