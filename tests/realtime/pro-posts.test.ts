import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@autoradar/contract';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { posts, type DbHandle } from '@autoradar/db';
import { buildApp } from '@autoradar/api/app';
import { silentLog } from '@autoradar/api/realtime/log';
import { realtimeServerOptions } from '@autoradar/api/realtime/realtime.plugin';
import { RealtimeServer } from '@autoradar/api/realtime/websocket-server';
import { signIn, signInPro, testConfig } from '@autoradar/api/testing/test-app';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { ingestPost } from '@autoradar/server/ingest/ingest-post';
import { addSource } from '@autoradar/server/ingest/sources';
import { createDomainEvents, type DomainEvents } from '@autoradar/server/events/domain-events';
import { createGuestAnnouncementJob } from '@autoradar/server/listings/guest-announcements';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { subscribeLiveEvents } from '@autoradar/server/realtime/subscribe-live-events';
import { connected, createEcho, Inbox, waitFor, type EchoClient } from './support';

// The delay of aggregated listings on the live channels (issue 15, DESIGN.md §4-§5), with real laravel-echo clients:
// a PRO user's client on `private-posts.pro` hears of a channel's listing at once, sent the way the bot's own process
// sends it (the signed Pusher HTTP events API); a guest's client on `posts` hears of it only when the delay job finds
// its 24 hours over on the injected clock; a basic user is refused the private channel. Nothing here waits for time.

const REVERB = {
  REVERB_APP_ID: 'pro-posts-test',
  REVERB_APP_KEY: 'pro-posts-test-key',
  REVERB_APP_SECRET: 'pro-posts-test-secret',
  HOST: '127.0.0.1',
};

const camry = `Продаю Toyota Camry 2018 г.в.
Пробег 98 т.км, один владелец
Цена 2 450 000 ₽
Казань`;

describe('aggregated listings: PRO at once on private-posts.pro, guests on posts after the delay', () => {
  const config = testConfig(REVERB);
  let now = new Date();
  const clock = () => now;
  let db: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let realtime: RealtimeServer;
  let wsPort: number;
  let httpUrl: string;
  const clients: EchoClient[] = [];
  const proFeed = new Inbox<{ post: Post }>();
  const guestFeed = new Inbox<{ post: Post }>();
  let aggregatedId = 0;
  /** The bot's own process: its fan-out's realtime subscriber sends through the signed Pusher HTTP events API. */
  let botEvents: DomainEvents;

  const echo = (token?: string) => {
    const client = createEcho({ wsPort, httpUrl, key: config.reverb.key }, token);
    clients.push(client);
    return client;
  };
  /** An own listing (`site`): `posts` and `private-posts.pro` at once; a marker that events before it were not sent. */
  const publishOwn = (title: string) =>
    changeListings({ db: db.db, events: app.events, clock }, (l) =>
      publishListing(l, { channel: 'site', title, price: 500_000, text: '' }, []),
    );

  beforeAll(async () => {
    db = await createTestDb({ name: 'pglite' });
    app = await buildApp({ config, db, clock });
    await app.listen({ host: '127.0.0.1', port: 0 });
    // The app's own poller is stopped: this suite moves the clock and runs the delay job itself.
    await app.guestAnnouncements.stop();
    httpUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    realtime = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port: 0 } }, app.realtimeBus, silentLog),
    );
    wsPort = (await realtime.listen()).port;
    botEvents = createDomainEvents({ log: silentLog, db: db.db });
    subscribeLiveEvents(botEvents, {
      db: db.db,
      clock,
      publisher: createPusherPublisher({ ...config.reverb, host: '127.0.0.1', port: wsPort }),
    });

    const pro = await signInPro(db, now);
    const proClient = echo(pro.token);
    const guestClient = echo();
    await Promise.all([connected(proClient), connected(guestClient)]);
    const proChannel = proClient.private('posts.pro').listen('.post.published', proFeed.push);
    const guestChannel = guestClient.channel('posts').listen('.post.published', guestFeed.push);
    await Promise.all(
      [proChannel, guestChannel].map((channel) =>
        waitFor('subscribed', (done) => channel.subscribed(() => done(undefined))),
      ),
    );
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await realtime.close();
    await app.close();
    await db.close();
  });

  it('a PRO user’s client sees a channel’s listing at once, published as the bot’s own process publishes it', async () => {
    const source = await addSource(db.db, { kind: 'telegram', identifier: 'kazan_cars' }, 'Авто Казань');
    const result = await ingestPost({ db: db.db, events: botEvents, clock }, loadAnalysisIndex(), {
      source,
      messageId: 501,
      text: camry,
      url: 'https://t.me/kazan_cars/501',
      photos: [],
    });
    expect(result.status).toBe('published');
    aggregatedId = (result as { postId: number }).postId;
    const row = (await db.db.select().from(posts)).find((listing) => listing.id === aggregatedId);
    expect(row!.publishedAt).toEqual(now);
    now = new Date(row!.publishedAt.getTime() + 1_000);

    const { post } = await proFeed.next('post.published on private-posts.pro');
    expect(post).toMatchObject({ id: aggregatedId, channel: 'kazan_cars', price: 2_450_000, isNew: true });

    // The guest heard nothing of it: the next thing on `posts` is an own listing published after it.
    const own = await publishOwn('Своё объявление');
    expect((await guestFeed.next('own listing on posts')).post.id).toBe(own);
    expect((await proFeed.next('own listing on private-posts.pro')).post.id).toBe(own);
  });

  it('a guest’s client sees it on posts only when the delay job finds its 24 hours over, once', async () => {
    const job = app.guestAnnouncements;
    // A second process polling the same table (the bot), announcing on its own fan-out.
    const other = createGuestAnnouncementJob({
      db: db.db,
      clock,
      log: silentLog,
      announce: (postId) => botEvents.emit('listing.published', { postId, audience: 'guests' }),
    });

    now = new Date(now.getTime() + 23 * 3_600_000);
    expect(await job.runDue()).toEqual([]);
    expect(await other.runDue()).toEqual([]);

    now = new Date(now.getTime() + 3_600_000 + 60_000);
    const [first, second] = await Promise.all([job.runDue(), other.runDue()]);
    expect([...first, ...second]).toEqual([aggregatedId]);

    const { post } = await guestFeed.next('post.published on posts after the delay');
    expect(post).toMatchObject({ id: aggregatedId, channel: 'kazan_cars', status: 'published' });
    // Announced once, and the PRO channel, which had it a day ago, hears nothing new: the next events are a marker's.
    expect(await job.runDue()).toEqual([]);
    const marker = await publishOwn('Ещё одно своё');
    expect((await guestFeed.next('marker on posts')).post.id).toBe(marker);
    expect((await proFeed.next('marker on private-posts.pro')).post.id).toBe(marker);
  });

  it('refuses private-posts.pro to a user without active PRO, with a Russian reason', async () => {
    const basic = await signIn(db);
    const client = echo(basic.token);
    await connected(client);
    const refused = await waitFor<{ status?: number }>('subscription error', (done) => {
      client
        .private('posts.pro')
        .listen('.post.published', () => undefined)
        .error(done);
    });
    expect(refused.status).toBe(403);

    const res = await fetch(`${httpUrl}/broadcasting/auth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${basic.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: '1.2', channel_name: 'private-posts.pro' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Доступно только с тарифом PRO' });
  });
});
