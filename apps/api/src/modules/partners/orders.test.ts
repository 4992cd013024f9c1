import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { contract } from '@autoradar/contract';
import { orders } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signInAdmin, testClock, testConfig } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import { startFakeApiCloud, type FakeApiCloud } from '@autoradar/server/reports/testing/fake-api-cloud';
import { insertTestPartner, waitFor } from '@autoradar/server/reports/testing/order-fixtures';
import { fetchOrder } from './testing/test-partner';

// Report orders against a fake api-cloud.ru on 127.0.0.1: the background worker, per-section results, refresh and
// the stored report file.

const VIN = 'XTA21703080123456';

describeEachDb('report orders', (getDb) => {
  let fake: FakeApiCloud;
  let app: FastifyInstance;
  let admin: { headers: Record<string, string> };
  let partnerId: number;
  const clock = testClock();
  const config = () => testConfig({ REPORTS_API_URL: fake.url, REPORTS_API_KEY: fake.token });

  beforeAll(async () => {
    fake = await startFakeApiCloud();
    app = await buildTestApp(getDb(), { clock, config: config() });
    admin = await signInAdmin(getDb());
    partnerId = await insertTestPartner(getDb());
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const create = (string: string, id = partnerId) =>
    app.inject({
      method: 'POST',
      url: `/api/partners/${id}/orders`,
      headers: admin.headers,
      payload: { string, partner_id: id },
    });
  const finished =
    (orderId: number, on = app) =>
    () =>
      fetchOrder(on, admin.headers, partnerId, orderId).then((d) =>
        ['completed', 'failed'].includes(d.order.status) ? d : undefined,
      );

  it('goes new -> processing -> failed with one section failing, the others completed with their values', async () => {
    fake.failing.add('restrict');
    const release = fake.hold();
    const res = await create(` ${VIN.toLowerCase().slice(0, 8)} ${VIN.slice(8)} `);
    expect(res.statusCode).toBe(201);
    const created = readJson(res, contract.partners.createOrder).data;
    // Answered before any provider call: the work is not done inside the request.
    expect(created).toMatchObject({
      partner_id: partnerId,
      string: VIN,
      status: 'new',
      created_at: clock().toISOString(),
    });
    expect(Object.values(created.result).map((s) => s?.status)).toEqual(['new', 'new', 'new', 'new']);

    const processing = await waitFor(
      () =>
        fetchOrder(app, admin.headers, partnerId, created.id).then((d) =>
          d.order.status === 'processing' ? d : undefined,
        ),
      'заказ в обработке',
    );
    expect(processing.order.result.baseInfo).toEqual({ status: 'processing', value: null });
    release();

    const done = await waitFor(finished(created.id), 'заказ обработан');
    expect(done.order.status).toBe('failed');
    expect(done.parts.map((p) => [p.key, p.title])).toEqual([
      ['baseInfo', 'Основная информация'],
      ['ownershipPeriods', 'Периоды владения'],
      ['osago', 'Полисы ОСАГО'],
      ['restrictions', 'Ограничения'],
    ]);
    const { result } = done.order;
    expect(result.restrictions).toEqual({ status: 'failed', value: null });
    expect(result.baseInfo).toEqual({
      status: 'completed',
      value: {
        vin: VIN,
        year: 2008,
        model: 'ЛАДА 217030 ЛАДА ПРИОРА',
        powerHp: 98,
        engineNumber: '21126 1234567',
        type: 'Легковые автомобили седан',
        color: 'СЕРЕБРИСТЫЙ',
        category: 'В',
        powerKwt: 72.1,
        engineVolume: 1596,
      },
    });
    expect(result.ownershipPeriods).toEqual({
      status: 'completed',
      value: [
        { owner: 'natural', startDate: '2008-05-01', endDate: '2015-03-12', operation: '01' },
        { owner: 'legal', startDate: '2015-03-12', endDate: null, operation: '62' },
      ],
    });
    expect(result.osago?.status).toBe('completed');
    expect(result.osago?.value).toEqual([
      expect.objectContaining({
        insuranceNumber: 'ХХХ 0123456789',
        isActive: true,
        insurerName: 'АО "СОГАЗ"',
        cost: 5234.5,
        kbm: 0.74,
        licensePlate: 'А123ВС163',
        insuranceDate: '2025-06-01',
      }),
    ]);
    // The key travelled as the provider's token; every lookup asked for the normalised VIN.
    expect(new Set(fake.calls.map((c) => `${c.path}?${c.type}`))).toEqual(
      new Set(['/gibdd.php?gibdd', '/gibdd.php?restrict', '/rsa.php?osago']),
    );
    expect(fake.calls.every((c) => c.vin === VIN && c.token === fake.token)).toBe(true);

    const early = await app.inject({
      method: 'GET',
      url: `/api/partners/${partnerId}/orders/${created.id}/download`,
      headers: admin.headers,
    });
    expect(early.statusCode).toBe(409);
    expect(readError(early).message).toBe('Отчёт ещё не готов: скачать можно только завершённый заказ');
  });

  it('refresh re-runs only the failed section; then the report downloads byte for byte as stored', async () => {
    const [order] = await getDb().db.select().from(orders).where(eq(orders.partnerId, partnerId));
    const before = await fetchOrder(app, admin.headers, partnerId, order!.id);
    fake.failing.clear();
    fake.calls.length = 0;

    const res = await app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/orders/${order!.id}/refresh`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const refreshed = readJson(res, contract.partners.refreshOrder);
    expect(refreshed.order.status).toBe('new');
    expect(refreshed.order.result.restrictions).toEqual({ status: 'new', value: null });
    expect(refreshed.order.result.baseInfo).toEqual(before.order.result.baseInfo);

    const done = await waitFor(finished(order!.id), 'заказ обработан повторно');
    expect(done.order.status).toBe('completed');
    expect(fake.calls.map((c) => c.type)).toEqual(['restrict']);
    expect(done.order.result.restrictions).toEqual({
      status: 'completed',
      value: [
        {
          restrictionType: 'Запрет на регистрационные действия',
          registrationDate: '2021-03-15',
          osnOgr: 'Документ: 123456/21/63001-ИП от 15.03.2021, СПИ: Иванова И. И.',
          region: 'Самарская область',
          whoImposed: 'Судебный пристав',
        },
      ],
    });
    expect(done.order.result.osago).toEqual(before.order.result.osago);

    // A completed order has nothing to re-run: refresh leaves it and asks the provider nothing.
    const again = await app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/orders/${order!.id}/refresh`,
      headers: admin.headers,
    });
    expect(readJson(again, contract.partners.refreshOrder).order.status).toBe('completed');
    expect(fake.calls).toHaveLength(1);

    const download = await app.inject({
      method: 'GET',
      url: `/api/partners/${partnerId}/orders/${order!.id}/download`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="report-${VIN}-${order!.id}.json"`);
    const [stored] = await getDb().db.select({ report: orders.report }).from(orders).where(eq(orders.id, order!.id));
    expect(download.rawPayload.equals(Buffer.from(stored!.report!, 'utf8'))).toBe(true);
    expect(JSON.parse(download.body)).toEqual(done.order);
  });

  it('lists the partner’s orders newest first', async () => {
    clock.advance(60_000);
    const second = readJson(await create('WVWZZZ1JZ3W386752'), contract.partners.createOrder).data;
    await waitFor(finished(second.id), 'второй заказ');
    const res = await app.inject({ method: 'GET', url: `/api/partners/${partnerId}/orders`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = readJson(res, contract.partners.orders).data;
    expect(list.map((o) => o.string)).toEqual(['WVWZZZ1JZ3W386752', VIN]);
    expect(list.every((o) => o.status === 'completed')).toBe(true);
  });

  it('resumes an unfinished order after a restart', async () => {
    const release = fake.hold();
    const created = readJson(await create('JTDBR32E730012345'), contract.partners.createOrder).data;
    await waitFor(
      () =>
        fetchOrder(app, admin.headers, partnerId, created.id).then((d) =>
          d.order.status === 'processing' ? d : undefined,
        ),
      'заказ в обработке',
    );
    // A stop cuts the provider call short and gives the order back instead of failing it.
    await app.close();
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ status: 'processing', lockedBy: null, lockedUntil: null, report: null });
    release();

    app = await buildTestApp(getDb(), { clock, config: config() });
    const done = await waitFor(finished(created.id), 'заказ после перезапуска');
    expect(done.order.status).toBe('completed');
    expect(done.order.result.baseInfo?.value).toMatchObject({ vin: 'JTDBR32E730012345' });
  });

  it('answers 404 for orders of another partner and unknown ids', async () => {
    const other = await insertTestPartner(getDb(), 'Другой партнёр');
    const [order] = await getDb().db.select().from(orders).where(eq(orders.partnerId, partnerId)).limit(1);
    for (const url of [
      `/api/partners/${other}/orders/${order!.id}`,
      `/api/partners/${partnerId}/orders/999999999`,
      `/api/partners/${partnerId}/orders/99999999999999999999`,
      `/api/partners/999999/orders`,
      `/api/partners/${other}/orders/${order!.id}/download`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const refresh = await app.inject({
      method: 'POST',
      url: `/api/partners/${other}/orders/${order!.id}/refresh`,
      headers: admin.headers,
    });
    expect(refresh.statusCode).toBe(404);
    const missingPartner = await create(VIN, 999_999);
    expect(missingPartner.statusCode).toBe(404);
  });

  it('refuses an order whose partner_id names another partner', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/orders`,
      headers: admin.headers,
      payload: { string: VIN, partner_id: partnerId + 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(readError(res).errors).toEqual({ partner_id: ['Заказ оформляется на другого партнёра'] });
  });
});
