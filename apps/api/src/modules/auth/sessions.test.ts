import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn, testClock } from '../../testing/test-app';
import { grantAdmin } from '@autoradar/server/users/grant-admin';
import { createSession } from './sessions.repo';

const DAY = 86_400_000;

describeEachDb('sessions end', (getDb) => {
  let app: FastifyInstance;
  // Sessions are stamped by the database's clock at sign-in; the app's clock starts there and moves forward.
  const clock = testClock(new Date());
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
  });
  afterAll(() => app.close());

  const userData = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user/data', headers });

  it('after 30 days without use, and not while the token is used (sliding)', async () => {
    clock.set(new Date());
    const used = await signIn(getDb());
    const idle = await signIn(getDb());
    clock.advance(20 * DAY);
    expect((await userData(used.headers)).statusCode).toBe(200);
    clock.advance(20 * DAY); // 40 days after sign-in, 20 after the last use
    expect((await userData(used.headers)).statusCode).toBe(200);
    const refused = await userData(idle.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Требуется авторизация' });
    clock.advance(30 * DAY + 60_000);
    expect((await userData(used.headers)).statusCode).toBe(401);
  });

  it('a change of roles refuses the old token; a new sign-in carries the new roles', async () => {
    clock.set(new Date());
    const telegramId = 7_310_000_000 + Math.floor(Math.random() * 1_000_000);
    const before = await signIn(getDb(), { telegramId });
    const bystander = await signIn(getDb());
    expect((await userData(before.headers)).json()).toMatchObject({ roles: [] });

    expect(await grantAdmin(getDb().db, String(telegramId))).toMatchObject({ ok: true });
    expect((await userData(before.headers)).statusCode).toBe(401);
    expect((await userData(bystander.headers)).statusCode).toBe(200);

    const fresh = await createSession(getDb().db, before.id);
    const res = await userData({ authorization: `Bearer ${fresh}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['admin'] });
  });
});
