import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { addListing } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signIn, signInAdmin, testClock, testConfig } from '../testing/test-app';
import { silentLog } from './log';
import { realtimeServerOptions } from './realtime.plugin';
import { TestSocket } from './testing/test-socket';
import { RealtimeServer } from './websocket-server';

// The API's own changes, seen by a websocket client: the modules announce, the realtime wiring of app.ts publishes.
describeEachDb('live events from API changes', (getDb) => {
  let app: FastifyInstance;
  let realtime: RealtimeServer;
  let url: string;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));

  beforeAll(async () => {
    const config = testConfig({ HOST: '127.0.0.1' });
    app = await buildTestApp(getDb(), { clock, config });
    realtime = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port: 0 } }, app.realtimeBus, silentLog),
    );
    url = `ws://127.0.0.1:${(await realtime.listen()).port}/app/${config.reverb.key}?protocol=7`;
  });
  afterAll(async () => {
    await realtime.close();
    await app.close();
  });

  /** Subscribes the way pusher-js does, signature from the real /broadcasting/auth. */
  async function subscribe(channel: string, headers?: Record<string, string>) {
    const { socket, socketId } = await TestSocket.connect(url);
    let auth: string | undefined;
    if (headers) {
      const res = await app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers,
        payload: { socket_id: socketId, channel_name: channel },
      });
      auth = res.json<{ auth: string }>().auth;
    }
    expect((await socket.subscribe(channel, auth)).event).toBe('pusher_internal:subscription_succeeded');
    return socket;
  }

  it('starting the test period sends user.updated on the user’s private channel', async () => {
    const me = await signIn(getDb());
    const socket = await subscribe(`private-user.${me.id}`, me.headers);
    const res = await app.inject({ method: 'POST', url: '/api/test-period', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const frame = await socket.next('user.updated');
    expect(frame.channel).toBe(`private-user.${me.id}`);
    expect(frame.data).toEqual(res.json<{ data: unknown }>().data);
    expect(frame.data).toMatchObject({ id: me.id, is_pro: true });
    socket.close();
  });

  const listing = (channel: string, publishedAt: Date) => ({
    channel,
    title: 'Lada Vesta 2015',
    text: '<p>Продаю</p>',
    year: 2015,
    price: 900_000,
    publishedAt,
  });
  const createPost = async (channel: string, publishedAt: Date) =>
    (await addListing(getDb().db, listing(channel, publishedAt))).id;
  /** Published by the listing lifecycle on the app's fan-out, as the sell form and the bot publish. */
  const publish = (channel: string) =>
    changeListings({ db: getDb().db, events: app.events, clock }, (l) =>
      publishListing(l, listing(channel, clock()), []),
    );

  it('unpublishing a listing sends post.unpublished on its channel, once', async () => {
    const admin = await signInAdmin(getDb());
    const id = await createPost('site', new Date(clock().getTime() - 3_600_000));
    const socket = await subscribe(`post.${id}`);

    for (let i = 0; i < 2; i += 1) {
      expect(
        (await app.inject({ method: 'PUT', url: `/api/posts/${id}/unpublish`, headers: admin.headers })).statusCode,
      ).toBe(204);
    }
    expect(await socket.next()).toMatchObject({ event: 'post.unpublished', channel: `post.${id}`, data: { id } });
    // The repeated request changed nothing and sent nothing: the next frame is the answer to this ping.
    await socket.sync();
    expect(socket.unread()).toEqual([]);
    socket.close();
  });

  it('a published listing goes out on posts as a guest sees it, and not while guests must still wait for it', async () => {
    const socket = await subscribe('posts');
    await publish('drom_channel');
    const own = await publish('site');
    const frame = await socket.next();
    expect(frame).toMatchObject({
      event: 'post.published',
      channel: 'posts',
      data: { post: { id: own, channel: 'site', status: 'published' } },
    });
    await socket.sync();
    expect(socket.unread()).toEqual([]);
    socket.close();
  });
});
