import { z } from 'zod';
import { PAYMENT_STATUSES } from '@autoradar/core';
import { ProviderUnavailableError, formatAmount, type PaymentProvider, type ProviderPayment } from './payment.provider';

// YooKassa API v3 (https://yookassa.ru/developers/api): HTTP Basic auth with shopId:secretKey, an Idempotence-Key on
// every create, amounts as decimal strings. Hand-written: two calls, and the official SDK is PHP/Python only.

const AmountSchema = z.object({ value: z.string(), currency: z.string() });

/** The payment object, loosely: YooKassa adds fields over time and only these decide anything here. */
export const YookassaPaymentSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean(),
  amount: AmountSchema,
  metadata: z.record(z.string(), z.string()).optional(),
  confirmation: z.looseObject({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
});

export interface YookassaConfig {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  timeoutMs?: number;
}

function toProviderPayment(body: z.infer<typeof YookassaPaymentSchema>): ProviderPayment {
  return {
    id: body.id,
    status: body.status,
    paid: body.paid,
    amount: { value: body.amount.value, currency: body.amount.currency },
    metadata: body.metadata ?? {},
    confirmationUrl: body.confirmation?.confirmation_url ?? null,
  };
}

export function createYookassaClient(config: YookassaConfig): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? 15_000;

  const call = async (method: 'GET' | 'POST', path: string, init: { body?: unknown; idempotenceKey?: string } = {}) => {
    try {
      const res = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.idempotenceKey ? { 'idempotence-key': init.idempotenceKey } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = await res.json().catch(() => null);
      return { status: res.status, body };
    } catch (err) {
      throw new ProviderUnavailableError(
        `YooKassa ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };

  const parsePayment = (what: string, status: number, body: unknown) => {
    const parsed = YookassaPaymentSchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      const reason =
        typeof body === 'object' && body !== null && 'description' in body
          ? String(body.description)
          : `HTTP ${status}`;
      throw new ProviderUnavailableError(`YooKassa ${what}: ${reason}`);
    }
    return toProviderPayment(parsed.data);
  };

  return {
    kind: 'yookassa',
    async create(request) {
      const { status, body } = await call('POST', '/payments', {
        idempotenceKey: request.idempotenceKey,
        body: {
          amount: { value: formatAmount(request.amountRub), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: request.returnUrl },
          description: request.description,
          metadata: request.metadata,
        },
      });
      return parsePayment('create payment', status, body);
    },
    async get(id) {
      const { status, body } = await call('GET', `/payments/${encodeURIComponent(id)}`);
      // 404 not_found: no payment of this shop has the id (a forged or foreign notification).
      if (status === 404) return null;
      return parsePayment('get payment', status, body);
    },
  };
}
