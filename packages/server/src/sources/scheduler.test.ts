import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postMedia, posts, postSources, sources, type Db, type Source } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents, type DomainEvent } from '../events/domain-events';
import { loadAnalysisIndex } from '../ingest/analysis-reference';
import { createVkClient } from '../ingest/vk';
import { addSource, setSourcePaused } from '../ingest/sources';
import { priceHistory } from '../listings/listing-lifecycle';
import { createMediaStorage } from '../media/storage';
import { startFakeTelegramPreview, type FakeTelegramPreview } from '../testing/fake-telegram-preview';
import { fakeVk, VK_TEST_TOKEN, vkItem } from '../testing/fake-vk-api';
import { createHostLimiter } from './host-limiter';
import { createMediaFetcher } from './media-fetcher';
import { createSourceScheduler, type SourceScheduler } from './scheduler';
import { sourceMessages } from './sources.messages';
import { createPhotoDownloader } from './store-source-photos';
import { createTelegramPreviewReader } from './telegram-preview/telegram-preview-reader';
import { createVkWallReader, vkLimiterKey } from './vk-wall-reader';

// The scheduler against the fake t.me and the fake VK API on 127.0.0.1, on PGlite and PostgreSQL: a source's posts
// become listings with their photos (albums whole, video posters, forwards; services and non-sales not), a repeat read
// adds nothing, an edit changes text and price (with its history), a post confirmed gone on a successful read is
// unpublished, a 429 or a timeout unpublishes nothing and backs the source off, a channel with the preview off or
// renamed is marked broken with its Russian message, catch-up pages back with ?before=, paused sources are not read,
// two schedulers never claim one source, and VK walls go the same way.

const car = (model: string, price: string, city = 'Казань') =>
  `Продаю ${model} 2018 г.в.\nПробег 98 т.км, один владелец\nЦена ${price} ₽\n${city}`;

describeEachDb('sources on a schedule', (getDb) => {
  let db: Db;
  let fake: FakeTelegramPreview;
  const vk = fakeVk();
  let mediaDir = '';
  let now = new Date('2026-11-28T10:00:00Z');
  const clock = () => now;
  /** Moves the clock past every source's next read. */
  const later = (ms = 3 * 3_600_000) => (now = new Date(now.getTime() + ms));
  const announced: DomainEvent[] = [];
  let scheduler: SourceScheduler;

  const sourceOf = async (id: number) => (await db.select().from(sources).where(eq(sources.id, id)))[0]!;
  const listingsOf = (sourceId: number) =>
    db
      .select({
        id: posts.id,
        status: posts.status,
        price: posts.price,
        text: posts.text,
        messageId: postSources.messageId,
      })
      .from(postSources)
      .innerJoin(posts, eq(posts.id, postSources.postId))
      .where(eq(postSources.sourceId, sourceId))
      .orderBy(postSources.messageId);
  const listingOf = async (sourceId: number, messageId: number) =>
    (await listingsOf(sourceId)).find((row) => row.messageId === messageId)!;

  beforeAll(async () => {
    db = getDb().db;
    fake = await startFakeTelegramPreview();
    await new Promise<void>((resolve) => vk.server.listen(0, '127.0.0.1', resolve));
    const vkUrl = `http://127.0.0.1:${(vk.server.address() as AddressInfo).port}/method`;
    mediaDir = await mkdtemp(path.join(tmpdir(), 'sources-'));
    const events = createDomainEvents({ log: { error: () => {} } });
    events.on(['listing.published', 'listing.updated', 'listing.unpublished'], (e) => void announced.push(e), {
      subscriber: 'test',
    });
    const limiter = createHostLimiter({ limitOf: () => ({ concurrency: 4, perSecond: 50 }) });
    const media = createMediaFetcher({ hosts: ['127.0.0.1'], maxBytes: 1_048_576, timeoutMs: 2_000 });
    scheduler = createSourceScheduler({
      db,
      listings: { db, events, clock },
      index: loadAnalysisIndex(),
      readers: {
        telegram_preview: createTelegramPreviewReader({ baseUrl: fake.url, timeoutMs: 4_000, limiter }),
        vk_wall: createVkWallReader({
          client: createVkClient({ token: VK_TEST_TOKEN, apiUrl: vkUrl, sleep: () => Promise.resolve() }),
          limiterKey: vkLimiterKey(VK_TEST_TOKEN),
          limiter,
        }),
      },
      photos: { downloader: createPhotoDownloader({ media }), storage: createMediaStorage({ mediaDir }) },
      clock,
      random: () => 0.5,
      // One round reads every due source (the tests count what one round did).
      tuning: { batchSize: 100, concurrency: 8 },
    });
  });

  afterAll(async () => {
    await fake.close();
    await new Promise<void>((resolve) => vk.server.close(() => resolve()));
    await rm(mediaDir, { recursive: true, force: true });
  });

  let avto: Source;
  const ids: Record<string, number> = {};

  it('reads a new channel: its sales become listings with their photos, the rest is counted', async () => {
    const channel = fake.addChannel('avto_sched', { title: 'Авто по расписанию', firstId: 100 });
    channel.service('Channel created');
    ids.text = channel.post({ text: car('Toyota Camry', '2 450 000') });
    ids.photo = channel.post({ text: car('Hyundai Solaris', '850 000'), photos: 1 });
    ids.album = channel.post({ text: car('BMW X5', '5 200 000'), photos: 3, video: true });
    ids.forward = channel.post({
      text: car('Kia Rio', '1 100 000'),
      photos: 1,
      forwardedFrom: { name: 'Авто РФ', url: 'https://t.me/avto_rf/9' },
    });
    ids.chat = channel.post({ text: 'Всем хорошей дороги и удачных выходных!' });
    avto = await addSource(
      db,
      { kind: 'telegram', identifier: 'avto_sched', readVia: 'telegram_preview' },
      '',
      null,
      now,
    );

    const report = await scheduler.runOnce();
    expect(report).toMatchObject({ claimed: 1, readOk: 1, published: 4, rejected: 1 });
    const listings = await listingsOf(avto.id);
    expect(listings.map((l) => [l.messageId, l.status])).toEqual([
      [ids.text, 'published'],
      [ids.photo, 'published'],
      [ids.album, 'published'],
      [ids.forward, 'published'],
    ]);
    const albumMedia = await db
      .select({ url: postMedia.url, position: postMedia.position })
      .from(postMedia)
      .where(eq(postMedia.postId, (await listingOf(avto.id, ids.album)).id))
      .orderBy(postMedia.position);
    expect(albumMedia).toHaveLength(4);
    expect(albumMedia.every((m) => m.url.startsWith('/media/sources/'))).toBe(true);
    const row = await sourceOf(avto.id);
    expect(row).toMatchObject({
      state: 'active',
      title: 'Авто по расписанию',
      lastPosition: ids.chat,
      readsOk: 1,
      readsFailed: 0,
      postsSeen: 5,
      postsPublished: 4,
      postsRejected: 1,
      lastError: null,
      leasedBy: null,
    });
    expect(row.lastReadAt).toEqual(now);
    expect(row.nextReadAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it('is not read again before it is due, and a repeat read adds nothing', async () => {
    expect((await scheduler.runOnce()).claimed).toBe(0);
    announced.length = 0;
    later();
    const report = await scheduler.runOnce();
    expect(report).toMatchObject({ claimed: 1, readOk: 1, published: 0, updated: 0, unpublished: 0 });
    expect(announced).toEqual([]);
    expect(await listingsOf(avto.id)).toHaveLength(4);
    expect((await sourceOf(avto.id)).postsSeen).toBe(5);
  });

  it('takes an edit: the listing gets the new text and price, and the price history both', async () => {
    fake.channel('avto_sched').edit(ids.text!, { text: car('Toyota Camry', '2 300 000') + '\nТорг' });
    later();
    expect(await scheduler.runOnce()).toMatchObject({ readOk: 1, updated: 1 });
    const listing = await listingOf(avto.id, ids.text!);
    expect(listing.price).toBe(2_300_000);
    expect(listing.text).toContain('Торг');
    expect((await priceHistory(db, listing.id)).map((p) => p.price)).toEqual([2_450_000, 2_300_000]);
  });

  it('a failed read (429, then a timeout) unpublishes nothing and backs off; the next good read confirms the deletion', async () => {
    fake.channel('avto_sched').remove(ids.photo!);
    // The limiter holds the host for the Retry-After in real time: a second keeps the test short.
    fake.failNext(429, { channel: 'avto_sched', retryAfter: 1 });
    later();
    expect(await scheduler.runOnce()).toMatchObject({ readFailed: 1, unpublished: 0 });
    let row = await sourceOf(avto.id);
    expect(row).toMatchObject({ state: 'active', failures: 1, readsFailed: 1 });
    expect(row.lastError).toBe(sourceMessages.tgRateLimited(1_000));
    expect(row.nextReadAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + 30_000);
    expect((await listingOf(avto.id, ids.photo!)).status).toBe('published');

    fake.hangNext({ channel: 'avto_sched', ms: 15_000 });
    later();
    expect(await scheduler.runOnce()).toMatchObject({ readFailed: 1, unpublished: 0 });
    row = await sourceOf(avto.id);
    expect(row).toMatchObject({ state: 'active', failures: 2, readsFailed: 2 });
    expect(row.lastError).toBe(sourceMessages.tgTimeout(4_000));
    expect((await listingOf(avto.id, ids.photo!)).status).toBe('published');

    later();
    expect(await scheduler.runOnce()).toMatchObject({ readOk: 1, unpublished: 1 });
    expect((await listingOf(avto.id, ids.photo!)).status).not.toBe('published');
    expect((await sourceOf(avto.id)).postsPublished).toBe(4);
    expect(await sourceOf(avto.id)).toMatchObject({ failures: 0, lastError: null, failingSince: null });
    expect((await listingOf(avto.id, ids.album!)).status).toBe('published');
  });

  it('catches up after downtime with ?before= pages down to the last post seen', async () => {
    const channel = fake.channel('avto_sched');
    const fresh = Array.from({ length: 45 }, (_, i) => channel.post({ text: car('Lada Vesta', `${700 + i} 000`) }));
    fake.resetStats();
    later();
    expect(await scheduler.runOnce()).toMatchObject({ readOk: 1, published: 45 });
    expect(fake.requestsOf('avto_sched').some((r) => r.before !== null)).toBe(true);
    const listed = new Set((await listingsOf(avto.id)).map((l) => l.messageId));
    expect(fresh.every((id) => listed.has(id))).toBe(true);
    expect((await sourceOf(avto.id)).lastPosition).toBe(fresh[44]);
  });

  it('marks a channel with its preview off, or renamed, broken with the Russian reason; its listings stay', async () => {
    const off = fake.addChannel('avto_hidden');
    const offPost = off.post({ text: car('Lada Vesta', '1 234 000', 'Самара') });
    const renamed = fake.addChannel('avto_old');
    renamed.post({ text: car('Mazda 6', '2 100 000') });
    const hidden = await addSource(
      db,
      { kind: 'telegram', identifier: 'avto_hidden', readVia: 'telegram_preview' },
      '',
      null,
      now,
    );
    const old = await addSource(
      db,
      { kind: 'telegram', identifier: 'avto_old', readVia: 'telegram_preview' },
      '',
      null,
      now,
    );
    // On a loaded machine a first read can time out: read until both have had one good read.
    for (
      let i = 0;
      i < 5 && ((await sourceOf(hidden.id)).readsOk === 0 || (await sourceOf(old.id)).readsOk === 0);
      i++
    ) {
      later();
      await scheduler.runOnce();
    }
    off.setPreview(false);
    fake.rename('avto_old', 'avto_new', { keepOldName: true });
    later();
    await scheduler.runOnce();
    expect(await sourceOf(hidden.id)).toMatchObject({
      state: 'broken',
      lastError: sourceMessages.previewDisabled('avto_hidden'),
    });
    expect(await sourceOf(old.id)).toMatchObject({
      state: 'broken',
      lastError: sourceMessages.renamed('avto_old', 'avto_new'),
    });
    expect((await listingOf(hidden.id, offPost)).status).toBe('published');
    // Broken sources are tried at the longest interval, and read again once the channel is back.
    off.setPreview(true);
    later(3_600_000);
    await scheduler.runOnce();
    expect(await sourceOf(hidden.id)).toMatchObject({ state: 'active', lastError: null });
  });

  it('marks a source broken after 24 hours of failures', async () => {
    const flaky = fake.addChannel('avto_flaky');
    flaky.post({ text: car('Nissan Qashqai', '1 900 000') });
    const source = await addSource(
      db,
      { kind: 'telegram', identifier: 'avto_flaky', readVia: 'telegram_preview' },
      '',
      null,
      now,
    );
    await scheduler.runOnce();
    fake.failNext(503, { channel: 'avto_flaky', count: 100 });
    for (let i = 0; i < 30 && (await sourceOf(source.id)).state === 'active'; i++) {
      later(3_600_000);
      await scheduler.runOnce();
    }
    const row = await sourceOf(source.id);
    expect(row.state).toBe('broken');
    expect(row.lastError).toContain('Источник не читается больше суток');
    expect(row.lastError).toContain(sourceMessages.tgHttpStatus(503));
  });

  it('does not read a paused source, and two schedulers never claim one source', async () => {
    await setSourcePaused(db, avto.id, true);
    const paused = fake.channel('avto_sched');
    paused.post({ text: car('Ford Focus', '900 000') });
    const names = Array.from({ length: 12 }, (_, i) => `avto_pair_${i}`);
    for (const name of names) {
      fake.addChannel(name).post({ text: car('Renault Logan', `${500 + names.indexOf(name)} 000`) });
      await addSource(db, { kind: 'telegram', identifier: name, readVia: 'telegram_preview' }, '', null, now);
    }
    later();
    fake.resetStats();
    const other = createSourceScheduler({
      db,
      listings: { db, events: createDomainEvents({ log: { error: () => {} } }), clock },
      index: loadAnalysisIndex(),
      readers: { telegram_preview: createTelegramPreviewReader({ baseUrl: fake.url, timeoutMs: 5_000 }) },
      clock,
      tuning: { batchSize: 5 },
    });
    const [a, b] = await Promise.all([scheduler.runOnce(), other.runOnce()]);
    expect(fake.requestsOf('avto_sched')).toEqual([]);
    const firstPages = names.map((name) => fake.requestsOf(name).length);
    expect(firstPages.every((n) => n <= 1)).toBe(true);
    expect(a.claimed + b.claimed).toBeLessThanOrEqual(names.length + 3);
    for (const name of names) expect(fake.overlaps.get(name) ?? 0).toBe(0);
    // Everything not yet read is read by the next round, once.
    await Promise.all([scheduler.runOnce(), other.runOnce()]);
    for (const name of names) expect(fake.requestsOf(name)).toHaveLength(1);
    expect((await sourceOf(avto.id)).state).toBe('paused');
  });

  it('reads VK walls through the same scheduler: new posts, edits, confirmed deletions', async () => {
    vk.walls.set(-777, [
      vkItem(-777, 1, car('Volkswagen Polo', '1 000 000', 'Самара')),
      vkItem(-777, 2, car('Skoda Rapid', '1 050 000', 'Самара')),
    ]);
    const wall = await addSource(db, { kind: 'vk', identifier: '-777' }, 'Авто Самара', null, now);
    expect(wall.readVia).toBe('vk_wall');
    later();
    await scheduler.runOnce();
    expect((await listingsOf(wall.id)).map((l) => [l.messageId, l.status])).toEqual([
      [1, 'published'],
      [2, 'published'],
    ]);
    vk.walls.set(-777, [
      vkItem(-777, 2, car('Skoda Rapid', '990 000', 'Самара'), { edited: 1_795_000_100 }),
      vkItem(-777, 3, car('Toyota RAV4', '3 000 000', 'Самара')),
    ]);
    later();
    await scheduler.runOnce();
    const listings = await listingsOf(wall.id);
    expect(listings.map((l) => [l.messageId, l.status])).toEqual([
      [1, 'unpublished'],
      [2, 'published'],
      [3, 'published'],
    ]);
    expect(listings[1]!.price).toBe(990_000);
    vk.errors.set(-777, [29]);
    vk.walls.set(-777, []);
    later();
    await scheduler.runOnce();
    const row = await db
      .select()
      .from(sources)
      .where(and(eq(sources.id, wall.id)));
    expect(row[0]!.lastError).toContain('ошибка 29');
    expect((await listingsOf(wall.id)).filter((l) => l.status === 'published')).toHaveLength(2);
  });
});
