import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { registerAuth } from '../modules/auth/auth.plugin';
import { registerErrorHandling } from '../plugins/errors';
import { signIn, signInAdmin, signInPro, testClock } from '../testing/test-app';
import { route } from './route';

// route() on made-up endpoints: auth levels, Russian 422s, 404 for bad path params, answers stripped to the contract.

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/t/echo/:id',
  summary: 'test',
  auth: 'guest',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().min(1), year: z.number().int().min(1900) }),
  responses: { 200: z.object({ id: z.number(), name: z.string(), year: z.number() }) },
});
const levels = (['user', 'pro', 'admin'] as const).map((auth) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/t/${auth}`,
    summary: 'test',
    auth,
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
);

describeEachDb('route()', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock();
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerAuth(app, { db: getDb().db, clock });
    // The handler leaks an extra column on purpose: the contract must strip it.
    route(app, echo, async ({ params, body }) => ({ id: params.id, ...body, secret: 'hash' }) as never);
    for (const e of levels) route(app, e, async () => ({ ok: true }) as const);
    await app.ready();
  });
  afterAll(() => app.close());

  it('parses input and strips what the contract does not name from the answer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/t/echo/7',
      payload: { name: 'Камри', year: 2018, extra: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'Камри', year: 2018 });
  });

  it('answers bad input with 422 and Russian messages per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/t/echo/7', payload: { name: '', year: 1800 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { name: ['Обязательное поле'], year: ['Некорректное значение'] },
    });
    const missing = await app.inject({ method: 'POST', url: '/api/t/echo/7' });
    expect(missing.statusCode).toBe(422);
  });

  it('answers a path parameter that names nothing with 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/t/echo/abc', payload: { name: 'x', year: 2000 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });

  it('enforces auth levels on the server', async () => {
    const db = getDb();
    const plain = await signIn(db);
    const pro = await signInPro(db, clock());
    const expired = await signIn(db, { isPro: true, proExpired: new Date(clock().getTime() - 1000) });
    const admin = await signInAdmin(db);
    const status = async (path: string, headers?: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: path, headers })).statusCode;

    expect(await status('/api/t/user')).toBe(401);
    expect(await status('/api/t/user', { authorization: 'Bearer unknown-token' })).toBe(401);
    expect(await status('/api/t/user', plain.headers)).toBe(200);
    expect(await status('/api/t/pro', plain.headers)).toBe(403);
    expect(await status('/api/t/pro', expired.headers)).toBe(403);
    expect(await status('/api/t/pro', pro.headers)).toBe(200);
    expect(await status('/api/t/admin', pro.headers)).toBe(403);
    expect(await status('/api/t/admin', admin.headers)).toBe(200);
    const denied = await app.inject({ method: 'GET', url: '/api/t/pro', headers: plain.headers });
    expect(denied.json()).toEqual({ message: 'Доступно только с тарифом PRO' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/t/user' });
    expect(anonymous.json()).toEqual({ message: 'Требуется авторизация' });
  });
});
