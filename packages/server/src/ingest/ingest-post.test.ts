import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  brands,
  cities,
  models,
  postMedia,
  posts,
  postSources,
  sources,
  type DbHandle,
  type Source,
} from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents, type DomainEvent } from '../events/domain-events';
import { priceHistory } from '../listings/listing-lifecycle';
import { loadAnalysisIndex } from './analysis-reference';
import { ingestEdit, ingestPost, type IngestPhoto } from './ingest-post';

// Channel posts to listings (issue 15) on PGlite and PostgreSQL: an album is one listing with all its photos, a repost
// and the same car re-worded elsewhere add a source instead of a second listing, edits update the price history, a
// 'продано' edit unpublishes, and what is not a sale is only counted. Each step announces what changed, and only that.

const photo = (dhash: string, n: number): IngestPhoto => ({
  dhash,
  url: `/media/p${n}.jpg`,
  urlSm: `/media/p${n}-sm.jpg`,
});

const camry = `Продаю Toyota Camry 2018 г.в.
Пробег 98 т.км, один владелец
Цена 2 450 000 ₽
Казань`;

describeEachDb('ingestion of channel posts', (getDb) => {
  let db: DbHandle['db'];
  const index = loadAnalysisIndex();
  let kazanCars: Source;
  let avtoKzn: Source;
  let tatarAuto: Source;
  let deps: Parameters<typeof ingestPost>[0];
  const announced: DomainEvent[] = [];
  /** What the step announced since the last call. */
  const heard = () => announced.splice(0).map((event) => [event.name, event.payload]);

  beforeAll(async () => {
    db = getDb().db;
    const events = createDomainEvents({ log: { error: () => {} } });
    events.on(['listing.published', 'listing.updated', 'listing.unpublished'], (event) => void announced.push(event), {
      subscriber: 'test',
    });
    deps = { db, events };
    const [toyota] = await db.insert(brands).values({ name: 'Toyota' }).returning({ id: brands.id });
    await db.insert(models).values({ brandId: toyota!.id, name: 'Camry' });
    await db
      .insert(cities)
      .values({ city: 'Казань', region: 'Татарстан', regionType: 'Респ', regionFull: 'Татарстан' });
    const rows = await db
      .insert(sources)
      .values([
        { kind: 'telegram', identifier: 'kazan_cars', title: 'Авто Казань' },
        { kind: 'telegram', identifier: 'avto_kzn', title: 'Авто КЗН' },
        { kind: 'telegram', identifier: 'tatar_auto', title: 'Татар Авто' },
      ])
      .returning();
    [kazanCars, avtoKzn, tatarAuto] = rows as [Source, Source, Source];
  });

  let listingId = 0;

  it('publishes an album as one listing with all its photos, the catalogue ids and the first price', async () => {
    const result = await ingestPost(deps, index, {
      source: kazanCars,
      messageId: 501,
      text: camry,
      url: 'https://t.me/kazan_cars/501',
      photos: [photo('f0e1d2c3b4a59687', 1), photo('0123456789abcdef', 2), photo('fedcba9876543210', 3)],
    });
    expect(result.status).toBe('published');
    listingId = (result as { postId: number }).postId;
    const [listing] = await db.select().from(posts).where(eq(posts.id, listingId));
    expect(listing).toMatchObject({
      channel: 'kazan_cars',
      messageId: 501,
      mark: 'Toyota',
      model: 'Camry',
      year: 2018,
      price: 2_450_000,
      mileage: 98_000,
      location: 'Казань',
      title: 'Toyota Camry, 2018',
      url: 'https://t.me/kazan_cars/501',
      // The channel's text as the listing's HTML (listing-text.ts): one paragraph, its lines kept.
      text: '<p>Продаю Toyota Camry 2018 г.в.<br>Пробег 98 т.км, один владелец<br>Цена 2 450 000 ₽<br>Казань</p>',
    });
    expect(listing!.brandId).not.toBeNull();
    expect(listing!.modelId).not.toBeNull();
    expect(listing!.cityId).not.toBeNull();
    expect(await db.select().from(postMedia).where(eq(postMedia.postId, listingId))).toHaveLength(3);
    expect(await priceHistory(db, listingId)).toMatchObject([{ price: 2_450_000, sourceId: kazanCars.id }]);
    expect(heard()).toEqual([['listing.published', { postId: listingId, audience: 'pro' }]]);
  });

  it('answers a re-delivered message with the listing it already made', async () => {
    const again = await ingestPost(deps, index, {
      source: kazanCars,
      messageId: 501,
      text: camry,
      url: null,
      photos: [],
    });
    expect(again).toEqual({ status: 'known', postId: listingId });
    expect(heard()).toEqual([]);
  });

  it('links a repost with another signature to the same listing', async () => {
    const repost = `${camry.toUpperCase()}\n\nПодписывайтесь: @avto_kzn`;
    const result = await ingestPost(deps, index, {
      source: avtoKzn,
      messageId: 77,
      text: repost,
      url: 'https://t.me/avto_kzn/77',
      photos: [photo('f0e1d2c3b4a59687', 4)],
    });
    expect(result).toEqual({ status: 'linked', postId: listingId, by: 'repost' });
    // A second source of the same text changes nothing the listing shows.
    expect(heard()).toEqual([]);
  });

  it('links the same car re-worded in a third channel by its photo and a close price, keeping the new price', async () => {
    const reworded = 'Камри 2018, 98 тыс. пробег, 1 хозяин. 2,4 млн, торг. Казань, звоните';
    const result = await ingestPost(deps, index, {
      source: tatarAuto,
      messageId: 9,
      text: reworded,
      url: 'https://t.me/tatar_auto/9',
      photos: [photo('f0e1d2c3b4a59686', 5)],
    });
    expect(result).toEqual({ status: 'linked', postId: listingId, by: 'same-vehicle' });
    expect(await db.select().from(posts)).toHaveLength(1);
    expect(await db.select().from(postSources).where(eq(postSources.postId, listingId))).toHaveLength(3);
    expect(await priceHistory(db, listingId)).toMatchObject([
      { price: 2_450_000, sourceId: kazanCars.id },
      { price: 2_400_000, sourceId: tatarAuto.id },
    ]);
    expect(heard()).toEqual([['listing.updated', { postId: listingId }]]);
  });

  it('updates the listing and its price history when the source post is edited', async () => {
    const result = await ingestEdit(deps, index, {
      source: kazanCars,
      messageId: 501,
      text: camry.replace('2 450 000', '2 300 000'),
    });
    expect(result).toEqual({ status: 'updated', postId: listingId, changed: true });
    const [listing] = await db.select().from(posts).where(eq(posts.id, listingId));
    expect(listing!.price).toBe(2_300_000);
    expect((await priceHistory(db, listingId)).map((p) => p.price)).toEqual([2_450_000, 2_400_000, 2_300_000]);
    expect(heard()).toEqual([['listing.updated', { postId: listingId }]]);

    // The same edit delivered again changes nothing and announces nothing.
    const again = await ingestEdit(deps, index, {
      source: kazanCars,
      messageId: 501,
      text: camry.replace('2 450 000', '2 300 000'),
    });
    expect(again).toEqual({ status: 'updated', postId: listingId, changed: false });
    expect(heard()).toEqual([]);
    expect(await priceHistory(db, listingId)).toHaveLength(3);
  });

  it('unpublishes the listing when an edit says it is sold', async () => {
    const sold = { source: kazanCars, messageId: 501, text: `ПРОДАНО\n\n${camry}` };
    const result = await ingestEdit(deps, index, sold);
    expect(result).toEqual({ status: 'unpublished', postId: listingId });
    const [listing] = await db.select().from(posts).where(eq(posts.id, listingId));
    expect(listing!.status).toBe('unpublished');
    expect(heard()).toEqual([['listing.unpublished', { postId: listingId }]]);
    // Said twice, it is unpublished once.
    await ingestEdit(deps, index, sold);
    expect(heard()).toEqual([]);
  });

  it('counts what is not a sale as rejected and publishes nothing', async () => {
    const result = await ingestPost(deps, index, {
      source: avtoKzn,
      messageId: 78,
      text: 'Срочный выкуп авто, дорого! Казань',
      url: null,
      photos: [],
    });
    expect(result).toEqual({ status: 'rejected', reason: 'buying' });
    const [counts] = await db.select().from(sources).where(eq(sources.id, avtoKzn.id));
    expect(counts).toMatchObject({ postsSeen: 2, postsPublished: 0, postsRejected: 1 });
    const [first] = await db.select().from(sources).where(eq(sources.id, kazanCars.id));
    expect(first).toMatchObject({ postsSeen: 1, postsPublished: 1, postsRejected: 0 });
    expect(heard()).toEqual([]);
  });

  it('keeps the VIN a post states (issue 33: the listing page shows its report facts)', async () => {
    const result = await ingestPost(deps, index, {
      source: tatarAuto,
      messageId: 901,
      text: `Продаю Toyota Camry 2016 г.в.\nVIN: jtnbf3ek503012345\nЦена 1 900 000 ₽\nКазань`,
      url: 'https://t.me/tatar_auto/901',
      photos: [],
    });
    expect(result.status).toBe('published');
    const [listing] = await db
      .select()
      .from(posts)
      .where(eq(posts.id, (result as { postId: number }).postId));
    expect(listing!.vin).toBe('JTNBF3EK503012345');
    const [first] = await db.select().from(posts).where(eq(posts.id, listingId));
    expect(first!.vin).toBeNull();
  });
});
