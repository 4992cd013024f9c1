import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentStatus } from '@autoradar/core';

// A YooKassa API v3 stand-in on 127.0.0.1 answering in its documented shapes: POST /payments (Basic auth,
// Idempotence-Key, the same key answers the same payment), GET /payments/{id} (404 `not_found` for unknown ids),
// error objects `{ type: 'error', id, code, description }`. Tests move payments with succeed()/cancel() and build
// the notifications YooKassa would send with notification().

export interface FakePayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: { value: string; currency: string };
  income_amount?: { value: string; currency: string };
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  created_at: string;
  captured_at?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  test: boolean;
  refundable: boolean;
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export async function startFakeYookassa(opts: { shopId: string; secretKey: string }) {
  const payments = new Map<string, FakePayment>();
  const byIdempotenceKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let down = false;

  const error = (code: string, description: string) => ({ type: 'error', id: randomUUID(), code, description });
  const expectedAuth = `Basic ${Buffer.from(`${opts.shopId}:${opts.secretKey}`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const path = (req.url ?? '').replace(/^\/v3/, '');
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(payload));
      };
      if (down) return send(500, error('internal_server_error', 'Internal server error'));
      if (req.headers.authorization !== expectedAuth)
        return send(401, error('invalid_credentials', 'Authentication by given credentials failed'));

      if (req.method === 'POST' && path === '/payments') {
        const key = req.headers['idempotence-key'];
        if (typeof key !== 'string' || key === '')
          return send(400, error('invalid_request', 'Idempotence key is missing'));
        const existing = byIdempotenceKey.get(key);
        if (existing) return send(200, payments.get(existing));
        const b = body as {
          amount?: { value?: string; currency?: string };
          confirmation?: { type?: string; return_url?: string };
          description?: string;
          metadata?: Record<string, string>;
        };
        if (!b?.amount?.value || !/^\d+\.\d{2}$/.test(b.amount.value) || b.amount.currency !== 'RUB')
          return send(400, error('invalid_request', 'Invalid amount'));
        if (b.confirmation?.type !== 'redirect' || !b.confirmation.return_url)
          return send(400, error('invalid_request', 'Invalid confirmation'));
        const id = `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`;
        const payment: FakePayment = {
          id,
          status: 'pending',
          paid: false,
          amount: { value: b.amount.value, currency: 'RUB' },
          ...(b.description ? { description: b.description } : {}),
          recipient: { account_id: opts.shopId, gateway_id: '2323500' },
          created_at: new Date().toISOString(),
          confirmation: {
            type: 'redirect',
            confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
            return_url: b.confirmation.return_url,
          },
          test: true,
          refundable: false,
          metadata: b.metadata ?? {},
        };
        payments.set(id, payment);
        byIdempotenceKey.set(key, id);
        return send(200, payment);
      }
      const match = /^\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const payment = payments.get(decodeURIComponent(match[1]!));
        return payment ? send(200, payment) : send(404, error('not_found', 'Payment not found or forbidden'));
      }
      return send(404, error('not_found', 'Not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`fake YooKassa: no payment ${id}`);
    return p;
  };

  return {
    url: `http://127.0.0.1:${port}/v3`,
    requests,
    payments,
    /** The buyer paid: the payment is captured (capture: true). */
    succeed(id: string) {
      const p = get(id);
      Object.assign(p, {
        status: 'succeeded',
        paid: true,
        captured_at: new Date().toISOString(),
        income_amount: { value: (Number(p.amount.value) * 0.965).toFixed(2), currency: 'RUB' },
        refundable: true,
      });
      delete p.confirmation;
    },
    cancel(id: string, reason = 'card_expired') {
      const p = get(id);
      Object.assign(p, { status: 'canceled', paid: false, cancellation_details: { party: 'payment_network', reason } });
      delete p.confirmation;
    },
    /** The body YooKassa posts to the notification URL, with the payment object as it is now. */
    notification(id: string, event = `payment.${get(id).status}`) {
      return { type: 'notification', event, object: structuredClone(get(id)) };
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
