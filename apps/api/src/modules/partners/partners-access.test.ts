import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildPath, contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn, signInAdmin, signInPro, testClock } from '../../testing/test-app';
import { insertTestPartner } from '@autoradar/server/reports/testing/order-fixtures';

// Every partner, prompt and order call is for administrators only (spec §6): one table over the whole contract group,
// so a call added later is covered without touching this test.

const endpoints = Object.entries(contract.partners);

describeEachDb('partner calls are admin-only', (getDb) => {
  let app: FastifyInstance;
  let partnerId: number;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
    partnerId = await insertTestPartner(getDb());
  });
  afterAll(() => app.close());

  const urlOf = (path: string) =>
    buildPath(path as '/api/partners/:id/orders/:orderId', { id: partnerId, orderId: 1, promptId: 1 } as never);

  it('covers all fourteen calls', () => {
    expect(endpoints).toHaveLength(14);
  });

  it.each(endpoints.map(([name, e]) => [name, e.method, e.path] as const))(
    '%s (%s %s): 401 for a guest',
    async (_name, method, path) => {
      const res = await app.inject({
        method,
        url: urlOf(path),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Требуется авторизация' });
    },
  );

  it.each(endpoints.map(([name, e]) => [name, e.method, e.path] as const))(
    '%s (%s %s): 403 for a signed-in user who is not an admin, PRO included',
    async (_name, method, path) => {
      for (const user of [await signIn(getDb()), await signInPro(getDb(), clock())]) {
        const res = await app.inject({
          method,
          url: urlOf(path),
          headers: user.headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Недостаточно прав' });
      }
    },
  );

  it('lets an admin through', async () => {
    const admin = await signInAdmin(getDb());
    const res = await app.inject({ method: 'GET', url: `/api/partners/${partnerId}/prompts`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
  });
});
