import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signInAdmin } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import { insertTestPartner, waitFor } from '@autoradar/server/reports/testing/order-fixtures';
import { fetchOrder } from './testing/test-partner';

// The VIN of a new order: normalised, then checked with core's rule; without a provider key the sandbox answers.

const MALFORMED = [
  ['short', 'XTA2170308012345'],
  ['long', 'XTA217030801234567'],
  ['with I', 'XTA21703080I23456'],
  ['with O', 'XTA2170308O123456'],
  ['with Q', 'XTA21703080Q23456'],
  ['Cyrillic look-alikes', 'ХТА21703080123456'],
  ['one Cyrillic С among Latin letters', 'XTA217030801234С6'],
  ['short once the spaces are gone', 'XTA 2170 3080 1234 5'],
  ['a zero-width space inside', 'XTA21703080\u200b123456'],
  ['a wrong North American check digit', '1HGCM82643A004352'],
] as const;

describeEachDb('order VIN', (getDb) => {
  let app: FastifyInstance;
  let admin: { headers: Record<string, string> };
  let partnerId: number;
  beforeAll(async () => {
    // No REPORTS_API_KEY: the sandbox provider.
    app = await buildTestApp(getDb());
    admin = await signInAdmin(getDb());
    partnerId = await insertTestPartner(getDb());
  });
  afterAll(() => app.close());

  const create = (string: string) =>
    app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/orders`,
      headers: admin.headers,
      payload: { string, partner_id: partnerId },
    });

  it.each(MALFORMED)('refuses a VIN %s with the Russian message', async (_case, vin) => {
    const res = await create(vin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { string: ['Некорректный VIN'] },
    });
  });

  it('asks for a VIN when none is typed', async () => {
    const res = await create('   ');
    expect(res.statusCode).toBe(422);
    expect(readError(res).errors).toEqual({ string: ['Обязательное поле'] });
  });

  it('stores the VIN upper-cased without spaces, and the sandbox completes a marked sample report', async () => {
    const res = await create(' xta 2170 3080 1234 56 ');
    expect(res.statusCode).toBe(201);
    const { id, string } = readJson(res, contract.partners.createOrder).data;
    expect(string).toBe('XTA21703080123456');
    const done = await waitFor(
      () => fetchOrder(app, admin.headers, partnerId, id).then((d) => (d.order.status === 'completed' ? d : undefined)),
      'заказ песочницы',
    );
    expect((done.order.result.baseInfo?.value as { model: string }).model).toContain('песочница');

    const valid = await create('1HGCM82633A004352');
    expect(valid.statusCode).toBe(201);
  });
});
