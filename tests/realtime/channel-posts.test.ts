import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@autoradar/contract';
import { brands, cities, models, postMedia, posts, postSources, type DbHandle } from '@autoradar/db';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { buildApp } from '@autoradar/api/app';
import { silentLog } from '@autoradar/api/realtime/log';
import { realtimeServerOptions } from '@autoradar/api/realtime/realtime.plugin';
import { RealtimeServer } from '@autoradar/api/realtime/websocket-server';
import { testConfig } from '@autoradar/api/testing/test-app';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { detectImageType } from '@autoradar/server/media/image';
// By path: the tests package does not depend on the bot's package (the API does, and starts it).
import { channelPostsFeature, type ChannelPostsFeature } from '../../bot/src/features/channel-posts';
import { addSource } from '@autoradar/server/ingest/sources';
import { createMediaStorage } from '@autoradar/server/media/storage';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { createTestBot } from '../../bot/src/testing/test-bot';
import { connected, createEcho, Inbox, waitFor, type EchoClient } from './support';

// The bot against the Bot API emulator (issue 15): a channel album becomes one listing with all its photos (downloaded
// through getFile and the file endpoint, re-encoded into the media storage); its edit updates the listing and a
// laravel-echo client on the listing's channel receives post.updated; the same car re-worded in a second channel adds
// a source instead of a second listing; a 'продано' edit unpublishes it (post.unpublished). One database (PGlite):
// ingestion itself runs on both in packages/server; this suite is about the bot, the file endpoint and the events.

const camry = `Продаю Toyota Camry 2018 г.в.
Пробег 98 т.км, один владелец
Цена 2 450 000 ₽
Казань`;

type Chat = { id: number; type: 'channel'; username: string; title: string };
const kazanCars: Chat = { id: -1001000000001, type: 'channel', username: 'Kazan_Cars', title: 'Авто Казань' };
const avtoKzn: Chat = { id: -1001000000002, type: 'channel', username: 'avto_kzn', title: 'Авто КЗН' };

let updateId = 1000;
function channelPost(
  chat: Chat,
  messageId: number,
  over: { caption?: string; media_group_id?: string; photo?: string } = {},
  edited = false,
) {
  const message = {
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat,
    sender_chat: chat,
    ...(over.caption === undefined ? {} : { caption: over.caption }),
    ...(over.media_group_id === undefined ? {} : { media_group_id: over.media_group_id }),
    ...(over.photo === undefined
      ? {}
      : {
          photo: [
            { file_id: `${over.photo}-thumb`, file_unique_id: `u-${over.photo}-thumb`, width: 90, height: 60 },
            { file_id: over.photo, file_unique_id: `u-${over.photo}`, width: 1280, height: 853 },
          ],
        }),
  };
  return edited
    ? { update_id: ++updateId, edited_channel_post: { ...message, edit_date: Math.floor(Date.now() / 1000) } }
    : { update_id: ++updateId, channel_post: message };
}

describe('channel posts through the bot (Bot API emulator, realtime events)', () => {
  const config = testConfig({
    REVERB_APP_ID: 'channel-test',
    REVERB_APP_KEY: 'channel-test-key',
    REVERB_APP_SECRET: 'channel-test-secret',
    HOST: '127.0.0.1',
  });
  let db: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let realtime: RealtimeServer;
  let wsPort: number;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let mediaDir: string;
  let feature: ChannelPostsFeature;
  let bot: ReturnType<typeof createTestBot>;
  let client: EchoClient;
  let listingId = 0;
  const updated = new Inbox<{ post: Post }>();
  const unpublished = new Inbox<{ id: number }>();

  beforeAll(async () => {
    db = await createTestDb({ name: 'pglite' });
    app = await buildApp({ config, db });
    realtime = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port: 0 } }, app.realtimeBus, silentLog),
    );
    wsPort = (await realtime.listen()).port;
    emulator = await startBotApiEmulator();
    mediaDir = await mkdtemp(path.join(tmpdir(), 'channel-media-'));

    const [toyota] = await db.db.insert(brands).values({ name: 'Toyota' }).returning({ id: brands.id });
    await db.db.insert(models).values({ brandId: toyota!.id, name: 'Camry' });
    await db.db
      .insert(cities)
      .values({ city: 'Казань', region: 'Татарстан', regionType: 'Респ', regionFull: 'Татарстан' });
    await addSource(db.db, { kind: 'telegram', identifier: 'kazan_cars' }, 'Авто Казань');
    await addSource(db.db, { kind: 'telegram', identifier: 'avto_kzn' }, 'Авто КЗН');

    // Three photos of the car; the second channel posts two of them again under its own file ids.
    const [a, b, c] = await Promise.all([samplePhoto(320, 240), samplePhoto(320, 240), samplePhoto(320, 240)]);
    emulator.addFile('kc-a', a);
    emulator.addFile('kc-b', b);
    emulator.addFile('kc-c', c);
    emulator.addFile('ak-a', a);
    emulator.addFile('ak-b', b);

    // The bot inside the API process (the embedded default): it announces on the API's fan-out.
    feature = channelPostsFeature({
      db: db.db,
      storage: createMediaStorage({ mediaDir }),
      events: app.events,
      apiUrl: emulator.url,
      log: { error: (obj, msg) => console.error(msg, obj) },
      // Albums are handed on by flush() below, never by the quiet-time timer.
      albumWaitMs: 3_600_000,
    });
    bot = createTestBot(emulator.url, { log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) } });
    bot.use(feature);
  });
  afterAll(async () => {
    client?.disconnect();
    await realtime.close();
    await app.close();
    await emulator.close();
    await db.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const listingRow = async (id: number) => (await db.db.select().from(posts)).find((row) => row.id === id);
  const mediaOf = async (id: number) =>
    (await db.db.select().from(postMedia)).filter((m) => m.postId === id).sort((a, b) => a.position - b.position);
  const storedFiles = async () => (await readdir(mediaDir, { recursive: true })).filter((f) => /\.\w+$/.test(f));

  it('makes one listing with all photos of a channel album, downloaded through the Bot API file endpoint', async () => {
    await bot.handleUpdate(channelPost(kazanCars, 501, { caption: camry, media_group_id: 'alb1', photo: 'kc-a' }));
    await bot.handleUpdate(channelPost(kazanCars, 502, { media_group_id: 'alb1', photo: 'kc-b' }));
    await bot.handleUpdate(channelPost(kazanCars, 503, { media_group_id: 'alb1', photo: 'kc-c' }));
    await feature.flush();

    const listings = (await db.db.select().from(posts)).filter((row) => row.channel === 'kazan_cars');
    expect(listings).toHaveLength(1);
    const [listing] = listings;
    listingId = listing!.id;
    expect(listing).toMatchObject({
      status: 'published',
      messageId: 501,
      url: 'https://t.me/Kazan_Cars/501',
      mark: 'Toyota',
      model: 'Camry',
      year: 2018,
      price: 2_450_000,
    });
    // The largest size of each photo was fetched (getFile, then the file itself), never the thumbnail.
    expect(emulator.callsOf('getFile').map((call) => call.payload['file_id'])).toEqual(['kc-a', 'kc-b', 'kc-c']);
    expect(emulator.deliveredOf('file')).toHaveLength(3);
    const media = await mediaOf(listingId);
    expect(media).toHaveLength(3);
    expect(media.every((m) => m.url.startsWith('/media/channels/') && m.urlSm?.startsWith('/media/channels/'))).toBe(
      true,
    );
    // Stored like uploads: a full and a small re-encoded variant of each photo.
    expect(await storedFiles()).toHaveLength(6);
    const [full] = media;
    expect(detectImageType(await readFile(path.join(mediaDir, full!.url.slice('/media/'.length))))).toBe('image/jpeg');
  });

  it('updates the listing on an edit and a laravel-echo client on its channel receives post.updated', async () => {
    client = createEcho({ wsPort, httpUrl: 'http://127.0.0.1:9', key: config.reverb.key });
    await connected(client);
    const channel = client
      .channel(`post.${listingId}`)
      .listen('.post.updated', updated.push)
      .listen('.post.unpublished', unpublished.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));

    await bot.handleUpdate(
      channelPost(kazanCars, 501, { caption: camry.replace('2 450 000', '2 350 000'), photo: 'kc-a' }, true),
    );
    await feature.flush();

    const event = await updated.next('post.updated');
    expect(event.post).toMatchObject({ id: listingId, price: 2_350_000, status: 'published' });
    expect(event.post.mediaFiles).toHaveLength(3);
    const listing = await listingRow(listingId);
    expect(listing!.price).toBe(2_350_000);
  });

  it('adds a source, not a second listing, for the same car re-worded in another channel', async () => {
    const reworded = 'Камри 2018, 98 тыс. пробег, 1 хозяин. 2 350 000 руб, торг. Казань, звоните';
    await bot.handleUpdate(channelPost(avtoKzn, 77, { caption: reworded, media_group_id: 'alb2', photo: 'ak-a' }));
    await bot.handleUpdate(channelPost(avtoKzn, 78, { media_group_id: 'alb2', photo: 'ak-b' }));
    await feature.flush();

    expect(await db.db.select({ id: posts.id }).from(posts)).toEqual([{ id: listingId }]);
    const links = (await db.db.select().from(postSources)).filter((link) => link.postId === listingId);
    expect(links.map((link) => link.url).sort()).toEqual(['https://t.me/Kazan_Cars/501', 'https://t.me/avto_kzn/77']);
    // The duplicate's photos served the comparison only: the listing keeps its own three, nothing else is stored.
    expect(await mediaOf(listingId)).toHaveLength(3);
    expect(await storedFiles()).toHaveLength(6);
  });

  it('unpublishes the listing when its post is edited to say it is sold, with post.unpublished', async () => {
    await bot.handleUpdate(channelPost(kazanCars, 501, { caption: `ПРОДАНО\n\n${camry}`, photo: 'kc-a' }, true));
    await feature.flush();

    expect(await unpublished.next('post.unpublished')).toEqual({ id: listingId });
    const listing = await listingRow(listingId);
    expect(listing!.status).toBe('unpublished');
  });

  it('ignores the posts of a channel that is not a registered source', async () => {
    const stranger: Chat = { id: -1001000000009, type: 'channel', username: 'someone_else', title: 'Чужой' };
    await bot.handleUpdate(channelPost(stranger, 5, { caption: camry.replace('2018', '2019'), photo: 'kc-c' }));
    await feature.flush();
    expect(await db.db.select({ id: posts.id }).from(posts)).toHaveLength(1);
  });
});
