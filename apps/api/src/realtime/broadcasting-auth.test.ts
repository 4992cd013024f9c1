import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn, signInPro } from '../testing/test-app';
import { isValidChannelAuth } from './signatures';

const REVERB = { REVERB_APP_KEY: 'auth-test-key', REVERB_APP_SECRET: 'auth-test-secret' };
const credentials = { key: REVERB.REVERB_APP_KEY, secret: REVERB.REVERB_APP_SECRET };

describeEachDb('POST /broadcasting/auth', (getDb) => {
  let app: FastifyInstance;
  let me: Awaited<ReturnType<typeof signIn>>;
  let someoneElse: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    app = await buildTestApp(getDb(), { env: REVERB });
    me = await signIn(getDb());
    someoneElse = await signIn(getDb());
  });
  afterAll(() => app.close());

  const form = (fields: Record<string, string>, token?: string) =>
    app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      // As pusher-js sends it.
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('signs the user’s own private channel for the socket asking, from a form body as pusher-js posts it', async () => {
    const channel = `private-user.${me.id}`;
    const res = await form({ socket_id: '123.456', channel_name: channel }, me.token);
    expect(res.statusCode).toBe(200);
    const { auth } = res.json<{ auth: string }>();
    expect(auth.startsWith(`${credentials.key}:`)).toBe(true);
    expect(isValidChannelAuth(credentials, '123.456', channel, auth)).toBe(true);
    expect(isValidChannelAuth(credentials, '123.457', channel, auth)).toBe(false);
  });

  it('takes a JSON body too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: me.headers,
      payload: { socket_id: '1.2', channel_name: `private-user.${me.id}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a valid bearer token', async () => {
    const fields = { socket_id: '123.456', channel_name: `private-user.${me.id}` };
    expect((await form(fields)).statusCode).toBe(401);
    const unknown = await form(fields, 'not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Требуется авторизация' });
  });

  it('answers 403 for another user’s channel and for channels that are not the user’s own private one', async () => {
    for (const channel of [
      `private-user.${someoneElse.id}`,
      'posts',
      `post.${me.id}`,
      'private-admin',
      `presence-user.${me.id}`,
      `private-user.${me.id}0`,
    ]) {
      const res = await form({ socket_id: '123.456', channel_name: channel }, me.token);
      expect({ channel, status: res.statusCode }).toEqual({ channel, status: 403 });
      expect(res.json()).toEqual({ message: 'Недостаточно прав' });
    }
  });

  it('signs private-posts.pro for an active PRO user only; others get 403 saying it needs PRO', async () => {
    const pro = await signInPro(getDb());
    const ok = await form({ socket_id: '12.34', channel_name: 'private-posts.pro' }, pro.token);
    expect(ok.statusCode).toBe(200);
    expect(isValidChannelAuth(credentials, '12.34', 'private-posts.pro', ok.json<{ auth: string }>().auth)).toBe(true);

    const expired = await signIn(getDb(), { isPro: true, proExpired: new Date(Date.now() - 60_000) });
    for (const user of [me, expired]) {
      const res = await form({ socket_id: '12.34', channel_name: 'private-posts.pro' }, user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Доступно только с тарифом PRO' });
    }
    // Public `posts` is never signed, PRO or not.
    expect((await form({ socket_id: '12.34', channel_name: 'posts' }, pro.token)).statusCode).toBe(403);
  });

  it('answers 422 to a malformed socket id or a missing channel', async () => {
    expect((await form({ socket_id: 'abc', channel_name: `private-user.${me.id}` }, me.token)).statusCode).toBe(422);
    expect((await form({ socket_id: '1.2' }, me.token)).statusCode).toBe(422);
  });
});
