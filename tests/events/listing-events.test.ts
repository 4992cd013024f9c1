import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { brands, models, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createLocalBus, type RealtimeBus } from '@autoradar/api/realtime/bus';
import { silentLog } from '@autoradar/api/realtime/log';
import { realtimeServerOptions } from '@autoradar/api/realtime/realtime.plugin';
import { RealtimeServer } from '@autoradar/api/realtime/websocket-server';
import { buildTestApp, publishTestDraft, signInAdmin, signInPro, testConfig } from '@autoradar/api/testing/test-app';
import {
  LISTING_EVENTS,
  type DomainEvents,
  type EventDelivery,
  type ListingEventName,
} from '@autoradar/server/events/domain-events';
import { addSource } from '@autoradar/server/ingest/sources';
import {
  changeListings,
  publishListing,
  unpublishListing,
  updateListing,
} from '@autoradar/server/listings/listing-lifecycle';
import { createPusherPublisher } from '@autoradar/server/realtime/pusher-publisher';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
// By path: the tests package does not depend on the bot's package (the API does, and starts it).
import { startBotProcess, type BotProcess } from '../../bot/src/bot-process';
import { readBotEnv } from '../../bot/src/env';
import { TEST_BOT_TOKEN } from '../../bot/src/testing/test-bot';
import { freePort } from '../support/server';
import { startWorkerProcess, type WorkerProcess } from '../../bot/src/worker-process';

// Issue 27: one listing change is one event, and it reaches every subscriber exactly once, whichever process made it.
// The three process kinds run side by side on one database, each built the way its entry point builds it: the API
// (buildApp), the bot's process (bot-process.ts, as bot/src/main.ts starts it: webhook mode against the Bot API
// emulator) and the worker's (worker-process.ts, as worker-main.ts starts it). Their network peers are the emulator and
// a websocket server taking the Pusher HTTP events API, the API's own, as in production. For publish, update,
// unpublish and a repeated unpublish made in each process, every fan-out's deliveries are counted (and the realtime
// messages that left): the process that made the change runs all its subscribers once, the others run only the ones
// that hear other processes (the feed cache, the notification worker's wake-up), the realtime events go out once, and
// the repeated unpublish delivers nothing.

type ProcessKind = 'api' | 'bot' | 'worker';
type Scope = 'here' | 'anywhere';

/** Who subscribes to what in each process (app.ts, bot-process.ts, worker-process.ts). */
const SUBSCRIBERS: Record<ProcessKind, [name: string, from: Scope, events: readonly ListingEventName[]][]> = {
  api: [
    ['notify-worker', 'anywhere', ['listing.published']],
    // Issue 33: price-drop alerts wake the notification worker; the market estimator re-estimates changed listings.
    ['price-alerts', 'anywhere', ['listing.updated', 'listing.unpublished']],
    ['market-estimator', 'anywhere', LISTING_EVENTS],
    ['feed-cache', 'anywhere', LISTING_EVENTS],
    ['realtime', 'here', LISTING_EVENTS],
  ],
  bot: [['realtime', 'here', LISTING_EVENTS]],
  worker: [
    ['realtime', 'here', LISTING_EVENTS],
    ['notify-worker', 'anywhere', ['listing.published']],
    ['price-alerts', 'anywhere', ['listing.updated', 'listing.unpublished']],
    ['market-estimator', 'anywhere', LISTING_EVENTS],
  ],
};
const KINDS = Object.keys(SUBSCRIBERS) as ProcessKind[];

/** One delivery as `process subscriber event origin`. */
type Seen = string;
const seen = (kind: ProcessKind, d: EventDelivery): Seen => `${kind} ${d.subscriber} ${d.event.name} ${d.origin}`;

/** What one change made in `origin` must deliver, across all processes, in the order the table lists them. */
function expectedDeliveries(origin: ProcessKind, event: ListingEventName): Seen[] {
  return KINDS.flatMap((kind) =>
    SUBSCRIBERS[kind]
      .filter(([, from, events]) => events.includes(event) && (kind === origin || from === 'anywhere'))
      .map(([name]) => `${kind} ${name} ${event} ${kind === origin ? 'here' : 'elsewhere'}`),
  ).sort();
}

const camry = `Продаю Toyota Camry 2018 г.в.
Пробег 98 т.км, один владелец
Цена 2 450 000 ₽
Казань`;
const CHANNEL = { id: -1001000000001, type: 'channel' as const, username: 'kazan_cars', title: 'Авто Казань' };

describeEachDb('one listing event path in every process kind', (getDb) => {
  let db: DbHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pusherServer: RealtimeServer;
  let pusherBus: RealtimeBus;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let bot: BotProcess;
  let worker: WorkerProcess;
  let mediaDir: string;
  const fanOuts = {} as Record<ProcessKind, DomainEvents>;
  /** Deliveries by post id. */
  const deliveries = new Map<number, Seen[]>();
  /** Realtime messages that left, by transport: the API's broadcaster, the Pusher HTTP events API. */
  const messages: { via: 'api' | 'pusher'; channel: string; event: string; postId: number }[] = [];
  const config = testConfig({
    REVERB_APP_ID: 'events-test',
    REVERB_APP_KEY: 'events-test-key',
    REVERB_APP_SECRET: 'events-test-secret',
    HOST: '127.0.0.1',
  });

  const record = (via: 'api' | 'pusher') => (message: { channels: string[]; event: string; data: string }) => {
    const data = JSON.parse(message.data) as { id?: number; post?: { id: number } };
    const postId = data.post?.id ?? data.id ?? 0;
    for (const channel of message.channels) messages.push({ via, channel, event: message.event, postId });
  };

  beforeAll(async () => {
    db = getDb();
    mediaDir = await mkdtemp(path.join(tmpdir(), 'events-media-'));
    emulator = await startBotApiEmulator();
    // Where the bot's and the worker's live events arrive: a websocket server taking the Pusher HTTP events API.
    pusherBus = createLocalBus();
    pusherBus.subscribe(record('pusher'));
    pusherServer = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port: 0 } }, pusherBus, silentLog),
    );
    const pusherPort = (await pusherServer.listen()).port;

    app = await buildTestApp(db, { config });
    app.realtimeBus.subscribe(record('api'));
    fanOuts.api = app.events;

    const webhookPort = await freePort();
    const env = readBotEnv({
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_URL: emulator.url,
      APP_URL: 'https://autoradar.example',
      REVERB_APP_ID: config.reverb.appId,
      REVERB_APP_KEY: config.reverb.key,
      REVERB_APP_SECRET: config.reverb.secret,
      REVERB_HOST: '127.0.0.1',
      REVERB_PORT: String(pusherPort),
      // Webhook mode on a port of its own: the emulator hands updates over as Telegram does.
      BOT_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/telegram/webhook`,
      BOT_WEBHOOK_HOST: '127.0.0.1',
      BOT_WEBHOOK_PORT: String(webhookPort),
    });
    const log = { info: () => {}, error: (obj: unknown, msg: string) => console.error(msg, obj) };
    bot = await startBotProcess({
      token: TEST_BOT_TOKEN,
      env,
      log,
      db: db.db,
      mediaDir,
      publisher: createPusherPublisher(env.reverb),
    });
    fanOuts.bot = bot.events;
    worker = await startWorkerProcess({
      env,
      handle: db,
      dataDir: mediaDir,
      log: { info: () => {}, error: (obj, msg) => console.error(msg, obj) },
      publisher: createPusherPublisher(env.reverb),
    });
    fanOuts.worker = worker.events;

    for (const kind of KINDS) {
      fanOuts[kind].observe((d) => {
        const postId = 'postId' in d.event.payload ? d.event.payload.postId : 0;
        deliveries.set(postId, [...(deliveries.get(postId) ?? []), seen(kind, d)]);
      });
    }
    await addSource(db.db, { kind: 'telegram', identifier: 'kazan_cars' }, 'Авто Казань');
  });
  afterAll(async () => {
    await bot?.stop();
    await worker?.stop();
    await app?.close();
    await pusherServer?.close();
    await emulator?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  let barrier = 0;
  /**
   * Waits until `origin`'s change on `postId` has reached everyone, then returns what it delivered and which realtime
   * messages left for it. A marker event sent after it by the same process proves that nothing else is on its way:
   * every fan-out delivers in order, and other processes hear the marker after the change.
   */
  async function settle(origin: ProcessKind, postId: number) {
    barrier -= 1;
    const marker = barrier;
    await fanOuts[origin].emit('listing.updated', { postId: marker });
    const markerDeliveries = expectedDeliveries(origin, 'listing.updated');
    await vi.waitFor(() => expect([...(deliveries.get(marker) ?? [])].sort()).toEqual(markerDeliveries), {
      timeout: 15_000,
    });
    const delivered = [...(deliveries.get(postId) ?? [])].sort();
    deliveries.delete(postId);
    const sent = messages
      .filter((m) => m.postId === postId)
      .map((m) => `${m.via} ${m.channel} ${m.event}`)
      .sort();
    messages.splice(0, messages.length, ...messages.filter((m) => m.postId !== postId));
    return { delivered, sent };
  }

  /** Runs a change and waits until its deliveries arrived (or the marker shows there are none). */
  async function change(origin: ProcessKind, postId: () => number, run: () => Promise<unknown>) {
    await run();
    return settle(origin, postId());
  }

  it('the API: publish (the sell form), update, unpublish (moderation) and a repeated unpublish', async () => {
    const [toyota] = await db.db.insert(brands).values({ name: 'Toyota' }).returning({ id: brands.id });
    const [camryModel] = await db.db
      .insert(models)
      .values({ brandId: toyota!.id, name: 'Camry' })
      .returning({ id: models.id });
    // Selling is a PRO feature.
    const seller = await signInPro(db);
    const admin = await signInAdmin(db);
    let postId = 0;

    const published = await change(
      'api',
      () => postId,
      async () => {
        postId = await publishTestDraft(app, seller, { brandId: toyota!.id, modelId: camryModel!.id });
      },
    );
    expect(published.delivered).toEqual(expectedDeliveries('api', 'listing.published'));
    // An own listing: guests and PRO at once, through the API's broadcaster only.
    expect(published.sent).toEqual(['api posts post.published', 'api private-posts.pro post.published']);

    const updated = await change(
      'api',
      () => postId,
      () => changeListings({ db: db.db, events: app.events }, (l) => updateListing(l, postId, { price: 2_300_000 })),
    );
    expect(updated.delivered).toEqual(expectedDeliveries('api', 'listing.updated'));
    expect(updated.sent).toEqual([`api post.${postId} post.updated`]);

    const unpublish = () =>
      app.inject({ method: 'PUT', url: `/api/posts/${postId}/unpublish`, headers: admin.headers });
    const unpublished = await change('api', () => postId, unpublish);
    expect(unpublished.delivered).toEqual(expectedDeliveries('api', 'listing.unpublished'));
    expect(unpublished.sent).toEqual([`api post.${postId} post.unpublished`]);

    const again = await change(
      'api',
      () => postId,
      async () => expect((await unpublish()).statusCode).toBe(204),
    );
    expect(again).toEqual({ delivered: [], sent: [] });
  });

  it('the bot: a channel post, its edit, its «продано» edit and that edit delivered again', async () => {
    let update = 5_000;
    const post = (text: string, edited = false, messageId = 501) => {
      const date = Math.floor(Date.now() / 1000);
      const message = { message_id: messageId, date, chat: CHANNEL, sender_chat: CHANNEL, text };
      return edited
        ? { update_id: ++update, edited_channel_post: { ...message, edit_date: message.date } }
        : { update_id: ++update, channel_post: message };
    };
    let postId = 0;
    const deliver = async (body: object) => expect(await emulator.deliverUpdate(body as never)).toBe(200);
    const listingOf = async () => {
      // The post is ingested after the webhook answered: wait until the listing exists.
      await vi.waitFor(async () => {
        const rows = await db.db.query.posts.findMany({ where: (p, { eq }) => eq(p.channel, 'kazan_cars') });
        expect(rows).toHaveLength(1);
        postId = rows[0]!.id;
      });
    };

    const published = await change(
      'bot',
      () => postId,
      async () => {
        await deliver(post(camry));
        await listingOf();
        await vi.waitFor(() => expect(deliveries.get(postId)?.length ?? 0).toBeGreaterThan(0));
      },
    );
    expect(published.delivered).toEqual(expectedDeliveries('bot', 'listing.published'));
    // An aggregated listing: PRO at once, guests after the delay; from the bot's process, over the Pusher HTTP API.
    expect(published.sent).toEqual(['pusher private-posts.pro post.published']);

    const edited = await change(
      'bot',
      () => postId,
      async () => {
        await deliver(post(camry.replace('2 450 000', '2 350 000'), true));
        await vi.waitFor(() => expect(deliveries.get(postId)?.length ?? 0).toBeGreaterThan(0));
      },
    );
    expect(edited.delivered).toEqual(expectedDeliveries('bot', 'listing.updated'));
    expect(edited.sent).toEqual([`pusher post.${postId} post.updated`]);

    const sold = post(`ПРОДАНО\n\n${camry}`, true);
    const unpublished = await change(
      'bot',
      () => postId,
      async () => {
        await deliver(sold);
        await vi.waitFor(() => expect(deliveries.get(postId)?.length ?? 0).toBeGreaterThan(0));
      },
    );
    expect(unpublished.delivered).toEqual(expectedDeliveries('bot', 'listing.unpublished'));
    expect(unpublished.sent).toEqual([`pusher post.${postId} post.unpublished`]);

    const rejected = async () =>
      (await db.db.query.sources.findFirst({ where: (source, { eq }) => eq(source.identifier, 'kazan_cars') }))!
        .postsRejected;
    const before = await rejected();
    const again = await change(
      'bot',
      () => postId,
      async () => {
        await deliver({ ...sold, update_id: ++update });
        // The bot stores posts one after another after the webhook answered: once a post sent behind the edit is
        // counted (as not a sale), the edit has been handled too.
        await deliver(post('Срочный выкуп авто, дорого! Казань', false, 502));
        await vi.waitFor(async () => expect(await rejected()).toBe(before + 1));
      },
    );
    expect(again).toEqual({ delivered: [], sent: [] });
  });

  it('the worker: what it publishes, updates and unpublishes itself (the source reader’s path)', async () => {
    const listings = { db: db.db, events: worker.events };
    let postId = 0;
    const published = await change(
      'worker',
      () => postId,
      async () => {
        postId = await changeListings(listings, (l) =>
          publishListing(l, { channel: 'avto_kzn', title: 'Kia Rio 2019', price: 1_100_000 }, []),
        );
      },
    );
    expect(published.delivered).toEqual(expectedDeliveries('worker', 'listing.published'));
    expect(published.sent).toEqual(['pusher private-posts.pro post.published']);

    const updated = await change(
      'worker',
      () => postId,
      () => changeListings(listings, (l) => updateListing(l, postId, { price: 1_050_000 })),
    );
    expect(updated.delivered).toEqual(expectedDeliveries('worker', 'listing.updated'));
    expect(updated.sent).toEqual([`pusher post.${postId} post.updated`]);

    for (const expected of [expectedDeliveries('worker', 'listing.unpublished'), []]) {
      const unpublished = await change(
        'worker',
        () => postId,
        () => changeListings(listings, (l) => unpublishListing(l, postId)),
      );
      expect(unpublished.delivered).toEqual(expected);
      expect(unpublished.sent).toEqual(expected.length > 0 ? [`pusher post.${postId} post.unpublished`] : []);
    }
  });
});
