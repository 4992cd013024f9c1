import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contract } from '@autoradar/contract';
import { users } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { readError, readJson } from '../../testing/read-json';
import { buildTestApp, signIn } from '../../testing/test-app';

// Issue 13: the mini-app asks Telegram for write access before Telegram delivery; the answer is kept on the user.

describeEachDb('PUT /api/user/write-access', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const put = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/user/write-access', headers, payload: payload as object });
  const stored = async (id: number) =>
    (await getDb().db.select().from(users).where(eq(users.id, id)))[0]?.allowsWriteToPm;

  it('records a refusal and a later permission, and answers what is stored', async () => {
    const { id, headers } = await signIn(getDb());
    expect(await stored(id)).toBeNull();

    const refused = await put(headers, { allows_write_to_pm: false });
    expect(readJson(refused, contract.user.writeAccess)).toEqual({ allows_write_to_pm: false });
    expect(await stored(id)).toBe(false);

    const allowed = await put(headers, { allows_write_to_pm: true });
    expect(readJson(allowed, contract.user.writeAccess)).toEqual({ allows_write_to_pm: true });
    expect(await stored(id)).toBe(true);
  });

  it('refuses a guest with 401 and a body without the boolean with a Russian 422', async () => {
    expect((await put({}, { allows_write_to_pm: true })).statusCode).toBe(401);
    const { id, headers } = await signIn(getDb());
    const bad = await put(headers, { allows_write_to_pm: 'да' });
    expect(bad.statusCode).toBe(422);
    expect(readError(bad).message).toMatch(/[а-я]/i);
    expect(await stored(id)).toBeNull();
  });
});
