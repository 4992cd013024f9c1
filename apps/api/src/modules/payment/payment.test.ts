import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { contract, type User } from '@autoradar/contract';
import { addMonths } from '@autoradar/core';
import { payments, sandboxPayments, users } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn, signInPro, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import { startFakeYookassa } from './testing/fake-yookassa';

// The PRO purchase against a fake YooKassa on 127.0.0.1, and the local sandbox checkout, on both databases.

const SHOP = { shopId: '506751', secretKey: 'test_secret_key_autoradar' };

describeEachDb('PRO payment with YooKassa', (getDb) => {
  let app: FastifyInstance;
  let kassa: Awaited<ReturnType<typeof startFakeYookassa>>;
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const announced: User[] = [];

  beforeAll(async () => {
    kassa = await startFakeYookassa(SHOP);
    app = await buildTestApp(getDb(), {
      clock,
      env: {
        YOOKASSA_SHOP_ID: SHOP.shopId,
        YOOKASSA_SECRET_KEY: SHOP.secretKey,
        YOOKASSA_API_URL: kassa.url,
        APP_URL: 'https://autoradar.test',
      },
    });
    app.events.on('user.updated', (event) => void announced.push(event.payload), { subscriber: 'test' });
  });
  afterAll(async () => {
    await app.close();
    await kassa.close();
  });

  const pay = (headers: Record<string, string>, payload: object = { pro: true, sum: 1000 }) =>
    app.inject({ method: 'POST', url: '/api/payment/yookassa/pay', headers, payload });
  const webhook = (payload: object) => app.inject({ method: 'POST', url: '/api/payment/yookassa/webhook', payload });
  const userRow = async (id: number) => (await getDb().db.select().from(users).where(eq(users.id, id)))[0]!;
  const paymentOf = async (providerId: string) =>
    (await getDb().db.select().from(payments).where(eq(payments.providerPaymentId, providerId)))[0]!;
  const providerIdOf = (url: string) => new URL(url).searchParams.get('orderId')!;

  it('creates the payment at YooKassa at the server’s price, whatever sum the client sends', async () => {
    const buyer = await signIn(getDb());
    const res = await pay(buyer.headers, { pro: true, sum: 1 });
    expect(res.statusCode).toBe(200);
    const { url } = readJson(res, contract.payment.pay);
    expect(url).toMatch(/^https:\/\/yoomoney\.ru\/checkout\/payments\/v2\/contract\?orderId=/);

    const request = kassa.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SHOP.shopId}:${SHOP.secretKey}`).toString('base64')}`,
    );
    expect(request.headers['idempotence-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body).toMatchObject({
      amount: { value: '1000.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://autoradar.test/payment/success' },
      description: 'АвтоРадар: тариф PRO на 1 месяц',
      metadata: { user_id: String(buyer.id) },
    });
    const stored = await paymentOf(providerIdOf(url));
    expect(stored).toMatchObject({
      userId: buyer.id,
      provider: 'yookassa',
      amount: 1000,
      currency: 'RUB',
      status: 'pending',
      months: 1,
      confirmationUrl: url,
    });
    expect(stored.idempotenceKey).toBe(request.headers['idempotence-key']);
    expect((await userRow(buyer.id)).isPro).toBe(false);
  });

  it('grants PRO once for a confirmed payment even when the notification arrives three times', async () => {
    const buyer = await signIn(getDb());
    const id = providerIdOf(readJson(await pay(buyer.headers), contract.payment.pay).url);
    kassa.succeed(id);
    const before = announced.length;
    for (let i = 0; i < 3; i += 1) {
      const res = await webhook(kassa.notification(id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
    // A late, out-of-order notification of an earlier state changes nothing either.
    expect(
      (
        await webhook({
          ...kassa.notification(id),
          event: 'payment.waiting_for_capture',
          object: { ...kassa.notification(id).object, status: 'waiting_for_capture' },
        })
      ).statusCode,
    ).toBe(200);

    const user = await userRow(buyer.id);
    expect(user.isPro).toBe(true);
    expect(user.proExpired).toEqual(addMonths(clock(), 1));
    expect(await paymentOf(id)).toMatchObject({ status: 'succeeded', paidAt: clock() });
    expect(announced.slice(before)).toEqual([
      expect.objectContaining({ id: buyer.id, is_pro: true, pro_expired: addMonths(clock(), 1).toISOString() }),
    ]);
    // The profile shows it.
    expect((await app.inject({ method: 'GET', url: '/api/user/data', headers: buyer.headers })).json()).toMatchObject({
      is_pro: true,
    });
  });

  it('extends a running PRO from its end, one month per payment, in whatever order the notifications come', async () => {
    const until = new Date('2026-03-25T08:00:00Z');
    const buyer = await signInPro(getDb(), clock(), { proExpired: until });
    const first = providerIdOf(readJson(await pay(buyer.headers, { pro: true, sum: 0 }), contract.payment.pay).url);
    const second = providerIdOf(readJson(await pay(buyer.headers), contract.payment.pay).url);
    kassa.succeed(first);
    kassa.succeed(second);
    await webhook(kassa.notification(second));
    await webhook(kassa.notification(first));
    await webhook(kassa.notification(second));
    expect((await userRow(buyer.id)).proExpired).toEqual(addMonths(addMonths(until, 1), 1));
  });

  it('grants nothing for a forged or unknown notification', async () => {
    const buyer = await signIn(getDb());
    const id = providerIdOf(readJson(await pay(buyer.headers), contract.payment.pay).url);
    // The body claims success; YooKassa still says pending.
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { ...kassa.notification(id).object, status: 'succeeded', paid: true },
    };
    expect((await webhook(forged)).statusCode).toBe(200);
    expect((await userRow(buyer.id)).isPro).toBe(false);
    expect((await paymentOf(id)).status).toBe('pending');

    // An id no payment of ours has: acknowledged, nothing happens.
    const unknown = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '2f3c6a99-000f-5000-9000-1d2a3b4c5d6e', status: 'succeeded', paid: true },
    };
    expect((await webhook(unknown)).statusCode).toBe(200);

    // A stored payment YooKassa has never heard of (forged id in our table) grants nothing either.
    await getDb()
      .db.insert(payments)
      .values({ userId: buyer.id, providerPaymentId: 'forged-0000', idempotenceKey: 'forged-key', amount: 1000 });
    expect(
      (
        await webhook({
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: 'forged-0000', status: 'succeeded' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await userRow(buyer.id)).isPro).toBe(false);

    // The amount YooKassa holds must be the amount the server set.
    kassa.payments.get(id)!.amount.value = '1.00';
    kassa.succeed(id);
    await webhook(kassa.notification(id));
    expect((await userRow(buyer.id)).isPro).toBe(false);
    expect((await paymentOf(id)).status).toBe('pending');

    expect((await webhook({ type: 'notification', object: {} })).statusCode).toBe(422);
  });

  it('leaves a user as they were when the payment fails', async () => {
    const until = new Date('2026-03-12T00:00:00Z');
    const buyer = await signInPro(getDb(), clock(), { proExpired: until });
    const id = providerIdOf(readJson(await pay(buyer.headers), contract.payment.pay).url);
    kassa.cancel(id);
    expect((await webhook(kassa.notification(id))).statusCode).toBe(200);
    expect(await paymentOf(id)).toMatchObject({ status: 'canceled', paidAt: null });
    expect(await userRow(buyer.id)).toMatchObject({ isPro: true, proExpired: until });
  });

  it('asks YooKassa to retry while it cannot be re-read, and refuses to start a payment it cannot create', async () => {
    const buyer = await signIn(getDb());
    const id = providerIdOf(readJson(await pay(buyer.headers), contract.payment.pay).url);
    kassa.succeed(id);
    kassa.setDown(true);
    const during = await webhook(kassa.notification(id));
    expect(during.statusCode).toBe(503);
    const refused = await pay(buyer.headers);
    expect(refused.statusCode).toBe(503);
    expect(readError(refused).message).toMatch(/^Не удалось перейти к оплате/);
    kassa.setDown(false);
    expect((await userRow(buyer.id)).isPro).toBe(false);
    expect((await webhook(kassa.notification(id))).statusCode).toBe(200);
    expect((await userRow(buyer.id)).isPro).toBe(true);
  });

  it('validates the request and needs a signed-in user', async () => {
    const buyer = await signIn(getDb());
    expect((await pay({})).statusCode).toBe(401);
    const notPro = await pay(buyer.headers, { pro: false, sum: 1000 });
    expect(notPro.statusCode).toBe(422);
    expect(readError(notPro).errors).toEqual({ pro: ['Выберите тариф PRO'] });
    const bad = await pay(buyer.headers, { pro: 'yes', sum: -1 });
    expect(bad.statusCode).toBe(422);
    expect(readError(bad).errors).toEqual({ pro: ['Некорректное значение'], sum: ['Некорректное значение'] });
    // No checkout page without the sandbox.
    expect((await app.inject({ method: 'GET', url: '/payment/sandbox/anything' })).statusCode).toBe(404);
  });
});

describeEachDb('PRO payment in the sandbox checkout', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
  });
  afterAll(() => app.close());

  const start = async (headers: Record<string, string>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/yookassa/pay',
      headers,
      payload: { pro: true, sum: 1000 },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(readJson(res, contract.payment.pay).url);
    expect(url.origin).toBe('http://localhost:3000');
    return url.pathname;
  };
  const submit = (path: string, action: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  const userRow = async (id: number) => (await getDb().db.select().from(users).where(eq(users.id, id)))[0]!;

  it('pays on the sandbox page: PRO for a month, once', async () => {
    const buyer = await signIn(getDb());
    const path = await start(buyer.headers);
    expect(path).toMatch(/^\/payment\/sandbox\/[0-9a-f-]{36}$/);

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Тестовая оплата');
    expect(page.body).toContain('1\u00a0000\u00a0₽');
    expect(page.body).toContain('name="action" value="succeed"');
    expect(page.body).toContain('name="action" value="cancel"');

    const paid = await submit(path, 'succeed');
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe('/payment/success');
    expect(await userRow(buyer.id)).toMatchObject({ isPro: true, proExpired: addMonths(clock(), 1) });

    // Pressing again (or going back and cancelling) changes nothing.
    expect((await submit(path, 'succeed')).headers.location).toBe('/payment/success');
    expect((await submit(path, 'cancel')).headers.location).toBe('/payment/success');
    expect((await userRow(buyer.id)).proExpired).toEqual(addMonths(clock(), 1));
    expect((await app.inject({ method: 'GET', url: path })).body).toContain('оплачен');
  });

  it('fails on the sandbox page: the user stays as they were', async () => {
    const buyer = await signIn(getDb());
    const path = await start(buyer.headers);
    const failed = await submit(path, 'cancel');
    expect(failed.headers.location).toBe('/payment/fail');
    expect((await submit(path, 'succeed')).headers.location).toBe('/payment/fail');
    expect(await userRow(buyer.id)).toMatchObject({ isPro: false, proExpired: null });
    const id = path.split('/').pop()!;
    expect((await getDb().db.select().from(payments).where(eq(payments.providerPaymentId, id)))[0]).toMatchObject({
      provider: 'sandbox',
      status: 'canceled',
    });
    expect((await getDb().db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]).toMatchObject({
      status: 'canceled',
      amountValue: '1000.00',
    });
  });

  it('answers an unknown sandbox payment with a page, and a bad action with 422', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/payment/sandbox/00000000-0000-0000-0000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Платёж не найден');
    // A path the contract refuses (a control character, not a payment id) is the same page, not the API's JSON.
    for (const url of ['/payment/sandbox/1%00', '/payment/sandbox/%E2%80%AE']) {
      const malformed = await app.inject({ method: 'GET', url });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(malformed.body).toContain('Платёж не найден');
    }
    expect((await submit('/payment/sandbox/00000000-0000-0000-0000-000000000000', 'succeed')).headers.location).toBe(
      '/payment/fail',
    );
    const buyer = await signIn(getDb());
    const path = await start(buyer.headers);
    expect((await submit(path, 'steal')).statusCode).toBe(422);
    expect((await userRow(buyer.id)).isPro).toBe(false);
  });
});

describe('payment in production without a shop', () => {
  it('offers no sandbox: a missing shop must not give PRO away', async () => {
    const { paymentProvidersFromConfig } = await import('./payment.routes');
    const base = {
      appUrl: 'https://autoradar.ru',
      yookassa: { shopId: undefined, secretKey: undefined, apiUrl: 'https://api.yookassa.ru/v3' },
    };
    expect(paymentProvidersFromConfig({} as never, { ...base, env: 'production' }).provider).toBeNull();
    expect(paymentProvidersFromConfig({} as never, { ...base, env: 'development' }).provider?.kind).toBe('sandbox');
    expect(
      paymentProvidersFromConfig({} as never, {
        ...base,
        env: 'production',
        yookassa: { ...base.yookassa, shopId: '1', secretKey: 'k' },
      }).provider?.kind,
    ).toBe('yookassa');
  });
});
