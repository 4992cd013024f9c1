import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { matchFilter, type MatchableListing, type WorktimeSettings } from '@autoradar/core';
import { brands, cities, deliveries, filters, models, users, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '../events/domain-events';
import { changeListings, publishListing, updateListing, type NewListing } from '../listings/listing-lifecycle';
import { recomputeMarket } from '../market/recompute-market';
import { createTelegramLimits } from '../telegram-api';
import { blockedByUser, startBotApiEmulator, tooManyRequests } from '../testing/bot-api-emulator';
import { findMatchingFilters, matchFiltersScanQuery, modelIdsOfBrand } from './match-filters';
import { createNotifyTelegramApi } from './notify-telegram';
import { createNotifyWorker, type NotifyWorker } from './notify-worker';

// Saved-filter notifications from a visible listing to the Bot API emulator on 127.0.0.1 (issue 14), on PGlite and
// PostgreSQL: who gets a message, exactly once, with which button; Telegram's 429 and 403; working hours.

const TOKEN = '123456789:AAE_test-token-for-the-emulator-only';
const silent = { info: () => {}, error: (o: object, m: string) => console.error(m, o) };
const links = { appUrl: 'https://autoradar.example', botUsername: 'autoradar_test_bot', miniappShortName: 'app' };

function clockAt(iso: string) {
  let now = new Date(iso).getTime();
  const clock = () => new Date(now);
  clock.set = (s: string) => void (now = new Date(s).getTime());
  return clock;
}

describeEachDb('saved-filter notifications', (getDb) => {
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let db: DbHandle['db'];
  // Monday 25 May 2026, 12:00 in Moscow.
  const clock = clockAt('2026-05-25T09:00:00Z');
  let worker: NotifyWorker;
  let ref: { toyota: number; camry: number; corolla: number; bmw: number; x5: number; kazan: number; moscow: number };
  let seq = 0;

  beforeAll(async () => {
    emulator = await startBotApiEmulator();
    db = getDb().db;
    const [toyota, bmw] = await db
      .insert(brands)
      .values([{ name: 'Toyota' }, { name: 'BMW' }])
      .returning({ id: brands.id });
    const [camry, corolla, x5] = await db
      .insert(models)
      .values([
        { brandId: toyota!.id, name: 'Camry' },
        { brandId: toyota!.id, name: 'Corolla' },
        { brandId: bmw!.id, name: 'X5' },
      ])
      .returning({ id: models.id });
    const city = (name: string) => ({ city: name, region: name, regionType: 'г', regionFull: name });
    const [kazan, moscow] = await db
      .insert(cities)
      .values([city('Казань'), city('Москва')])
      .returning({ id: cities.id });
    ref = {
      toyota: toyota!.id,
      camry: camry!.id,
      corolla: corolla!.id,
      bmw: bmw!.id,
      x5: x5!.id,
      kazan: kazan!.id,
      moscow: moscow!.id,
    };
  });
  afterAll(() => emulator.close());

  beforeEach(async () => {
    emulator.calls.length = 0;
    // Every test starts with no active filter, so earlier tests' filters match nothing.
    await db.update(filters).set({ active: false });
    worker = createNotifyWorker({
      db,
      clock,
      log: silent,
      links,
      appName: 'АвтоРадар',
      telegram: createNotifyTelegramApi({ token: TOKEN, apiUrl: emulator.url, limits: createTelegramLimits() }),
    });
  });

  const proUser = async (over: Partial<typeof users.$inferInsert> = {}) => {
    seq += 1;
    const [u] = await db
      .insert(users)
      .values({
        telegramId: 5_000_000 + seq,
        firstName: `Пользователь ${seq}`,
        isPro: true,
        proExpired: new Date(clock().getTime() + 30 * 86_400_000),
        ...over,
      })
      .returning();
    return u!;
  };

  const saveFilter = async (userId: number, over: Partial<typeof filters.$inferInsert> = {}) => {
    const [f] = await db
      .insert(filters)
      .values({ userId, name: 'Камри в Казани', active: true, via: ['telegram'], ...over })
      .returning();
    return f!;
  };

  const events = createDomainEvents({ log: { error: () => {} } });
  const publish = (over: Partial<NewListing> = {}, photo = false) =>
    changeListings({ db, events, clock }, (l) =>
      publishListing(
        l,
        {
          channel: 'site',
          title: 'Toyota Camry 2018',
          mark: 'Toyota',
          model: 'Camry',
          brandId: ref.toyota,
          modelId: ref.camry,
          cityId: ref.kazan,
          location: 'Казань',
          year: 2018,
          price: 2_350_000,
          mileage: 87_000,
          publishedAt: clock(),
          ...over,
        },
        photo ? [{ kind: 'photo', url: '/media/p/1.jpg', urlSm: '/media/p/1-sm.jpg', isMain: true, position: 0 }] : [],
      ),
    );

  const sentTo = (telegramId: number) =>
    emulator
      .deliveredOf('sendMessage')
      .concat(emulator.deliveredOf('sendPhoto'))
      .filter((c) => c.payload['chat_id'] === telegramId);

  it('sends a PRO user with a matching active filter exactly one message with the startapp=post_<id> button', async () => {
    const user = await proUser();
    const filter = await saveFilter(user.id, { brands: [ref.toyota], cities: [ref.kazan], priceTo: 3_000_000 });
    const postId = await publish();
    await worker.runOnce();
    await worker.runOnce();
    const calls = sentTo(user.telegramId!);
    expect(calls).toHaveLength(1);
    const { payload } = calls[0]!;
    expect(payload['text']).toContain('Новое объявление по фильтру «Камри в Казани»');
    expect(payload['text']).toContain('Toyota Camry 2018');
    expect(payload['text']).toContain('2\u00A0350\u00A0000\u00A0₽');
    expect(payload['text']).toContain('Пробег: 87\u00A0000 км');
    expect(payload['reply_markup']).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть объявление', url: `https://t.me/autoradar_test_bot/app?startapp=post_${postId}` }],
        [{ text: 'Приостановить фильтр', callback_data: `filter_pause:${filter.id}` }],
      ],
    });
    const rows = await db.select().from(deliveries).where(eq(deliveries.postId, postId));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });

  it('sends nothing for a filter that does not match, an inactive filter or an expired PRO', async () => {
    const other = await proUser();
    await saveFilter(other.id, { brands: [ref.bmw] });
    await saveFilter(other.id, { cities: [ref.moscow] });
    await saveFilter(other.id, { priceFrom: 3_000_000 });
    await saveFilter(other.id, { models: [ref.corolla] });
    const paused = await proUser();
    await saveFilter(paused.id, { active: false });
    const expired = await proUser({ proExpired: new Date(clock().getTime() - 1000) });
    await saveFilter(expired.id);
    const basic = await proUser({ isPro: false });
    await saveFilter(basic.id);
    await publish();
    await worker.runOnce();
    expect(emulator.calls.filter((c) => c.method.startsWith('send'))).toEqual([]);
  });

  it('with «Только хорошая цена» sends only a listing whose estimate says «Хорошая цена»', async () => {
    // Ten X5s of 2019 around 5 000 000 ₽: the market a new one is compared with (no filter is active yet).
    const market = { title: 'BMW X5 2019', mark: 'BMW', model: 'X5', brandId: ref.bmw, modelId: ref.x5, year: 2019 };
    for (let i = 0; i < 10; i += 1) await publish({ ...market, price: 4_800_000 + i * 50_000, mileage: 60_000 });
    await worker.runOnce();
    const picky = await proUser();
    await saveFilter(picky.id, { brands: [ref.bmw], goodPriceOnly: true, name: 'Выгодные X5' });
    const anyPrice = await proUser();
    await saveFilter(anyPrice.id, { brands: [ref.bmw], name: 'Все X5' });
    const fair = await publish({ ...market, price: 5_000_000, mileage: 61_000 });
    const cheap = await publish({ ...market, price: 3_900_000, mileage: 62_000 });
    await worker.runOnce();
    await worker.runOnce();
    const pickyCalls = sentTo(picky.telegramId!);
    expect(pickyCalls).toHaveLength(1);
    expect(pickyCalls[0]!.payload['text']).toContain('3\u00A0900\u00A0000\u00A0₽');
    expect(sentTo(anyPrice.telegramId!)).toHaveLength(2);
    const verdicts = await db.execute<{ post_id: string; verdict: string }>(
      sql`select post_id, verdict from market_estimates where post_id in (${fair}, ${cheap}) order by post_id`,
    );
    expect(verdicts.rows.map((r) => r.verdict)).toEqual(['fair', 'good']);
  });

  // Many passes and worker rounds on PGlite: more than the default minute on a loaded machine.
  it(
    'a listing that becomes a good price later reaches the «Только хорошая цена» filters that skipped it, once',
    { timeout: 180_000 },
    async () => {
      const market = { title: 'BMW X5 2020', mark: 'BMW', model: 'X5', brandId: ref.bmw, modelId: ref.x5, year: 2020 };
      for (let i = 0; i < 10; i += 1) await publish({ ...market, price: 6_000_000 + i * 50_000, mileage: 40_000 });
      await worker.runOnce();
      const picky = await proUser();
      await saveFilter(picky.id, { brands: [ref.bmw], goodPriceOnly: true, name: 'Выгодные X5' });
      const anyPrice = await proUser();
      await saveFilter(anyPrice.id, { brands: [ref.bmw], name: 'Все X5' });
      const listing = await publish({ ...market, price: 6_200_000, mileage: 41_000 });
      await worker.runOnce();
      await worker.runOnce();
      expect(sentTo(picky.telegramId!)).toHaveLength(0);
      expect(sentTo(anyPrice.telegramId!)).toHaveLength(1);

      // The seller cuts the price; the estimator's pass for the model (as after `listing.updated`) calls it good.
      const cut = async (price: number) => {
        await changeListings({ db, events, clock }, (l) => updateListing(l, listing, { price }));
        return recomputeMarket(db, { now: clock(), modelIds: [ref.x5] });
      };
      expect(await cut(4_900_000)).toMatchObject({ late: 1 });
      await worker.runOnce();
      await worker.runOnce();
      const late = sentTo(picky.telegramId!);
      expect(late).toHaveLength(1);
      expect(late[0]!.payload['text']).toContain('4\u00A0900\u00A0000\u00A0₽');
      // The other filter had its message at publication: nothing more.
      expect(sentTo(anyPrice.telegramId!)).toHaveLength(1);

      // Good, then fair, then good again: still one message.
      expect(await cut(6_100_000)).toMatchObject({ late: 0 });
      expect(await cut(4_800_000)).toMatchObject({ late: 1 });
      await worker.runOnce();
      await worker.runOnce();
      expect(sentTo(picky.telegramId!)).toHaveLength(1);
      // A pass that changes nothing queues nothing.
      expect(await recomputeMarket(db, { now: clock(), modelIds: [ref.x5] })).toMatchObject({ written: 0, late: 0 });
    },
  );

  // Many passes and worker rounds on PGlite: more than the default minute on a loaded machine.
  it(
    'a listing published long ago that turns good, or any when no filter asks for good prices, queues nothing',
    { timeout: 180_000 },
    async () => {
      const market = { title: 'BMW X5 2021', mark: 'BMW', model: 'X5', brandId: ref.bmw, modelId: ref.x5, year: 2021 };
      const weekAgo = new Date(clock().getTime() - 8 * 86_400_000);
      for (let i = 0; i < 10; i += 1)
        await publish({ ...market, price: 7_000_000 + i * 50_000, mileage: 20_000, publishedAt: weekAgo });
      const old = await publish({ ...market, price: 7_200_000, mileage: 21_000, publishedAt: weekAgo });
      const fresh = await publish({ ...market, price: 7_250_000, mileage: 21_000 });
      await worker.runOnce();
      const picky = await proUser();
      const filter = await saveFilter(picky.id, { brands: [ref.bmw], goodPriceOnly: true, name: 'Выгодные X5' });
      const cut = async (id: number, price: number) => {
        await changeListings({ db, events, clock }, (l) => updateListing(l, id, { price }));
        return recomputeMarket(db, { now: clock(), modelIds: [ref.x5] });
      };
      // Published 8 days ago: older than the 7 days of news.
      expect(await cut(old, 5_500_000)).toMatchObject({ late: 0 });
      // No active «Только хорошая цена» filter: nobody to tell.
      await db.update(filters).set({ active: false }).where(eq(filters.id, filter.id));
      expect(await cut(fresh, 5_600_000)).toMatchObject({ late: 0 });
      const verdicts = await db.execute<{ verdict: string }>(
        sql`select verdict from market_estimates where post_id in (${old}, ${fresh}) order by post_id`,
      );
      expect(verdicts.rows.map((r) => r.verdict)).toEqual(['good', 'good']);
      await worker.runOnce();
      expect(sentTo(picky.telegramId!)).toHaveLength(0);
    },
  );

  it('reuses Telegram file_id of a photo after its first send', async () => {
    const a = await proUser();
    const b = await proUser();
    await saveFilter(a.id);
    await saveFilter(b.id);
    // One chat after another, so the second send can reuse what the first one returned.
    const sequential = createNotifyWorker({
      db,
      clock,
      log: silent,
      links,
      appName: 'АвтоРадар',
      concurrency: 1,
      telegram: createNotifyTelegramApi({ token: TOKEN, apiUrl: emulator.url, limits: createTelegramLimits() }),
    });
    await publish({}, true);
    await sequential.runOnce();
    const photos = emulator.deliveredOf('sendPhoto');
    expect(photos).toHaveLength(2);
    expect(photos[0]!.payload['photo']).toBe('https://autoradar.example/media/p/1.jpg');
    expect(photos[1]!.payload['photo']).toMatch(/^emu-photo-/);
  });

  it('honours 429 retry_after and still delivers once', async () => {
    const user = await proUser();
    await saveFilter(user.id);
    emulator.fail('sendMessage', tooManyRequests(1));
    await publish();
    await worker.runOnce();
    // The emulator refuses a retry that comes before retry_after again, so [429, 200] means the wait was kept.
    expect(emulator.callsOf('sendMessage').map((c) => c.status)).toEqual([429, 200]);
    expect(sentTo(user.telegramId!)).toHaveLength(1);
  });

  it('marks a user who blocked the bot (403): has_telegram false, no more attempts', async () => {
    const user = await proUser();
    await saveFilter(user.id);
    emulator.fail('sendMessage', blockedByUser);
    const first = await publish();
    await worker.runOnce();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.botBlocked).toBe(true);
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.postId, first));
    expect(delivery).toMatchObject({ status: 'failed', error: '403: Forbidden: bot was blocked by the user' });
    await publish();
    await worker.runOnce();
    expect(emulator.callsOf('sendMessage')).toHaveLength(1);
  });

  it('holds working-time deliveries until the window opens, then sends them grouped in one message', async () => {
    const user = await proUser();
    const worktime: WorktimeSettings = { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
    await saveFilter(user.id, { sendMode: 'worktime', worktimeSettings: worktime, name: 'Рабочее время' });
    clock.set('2026-05-25T20:00:00Z'); // Monday 23:00 in Moscow
    const a = await publish({ title: 'Toyota Camry 2018' });
    const b = await publish({ title: 'Toyota Camry 2020', year: 2020 });
    await worker.runOnce();
    expect(sentTo(user.telegramId!)).toHaveLength(0);
    clock.set('2026-05-26T05:59:00Z'); // Tuesday 08:59
    await worker.runOnce();
    expect(sentTo(user.telegramId!)).toHaveLength(0);
    clock.set('2026-05-26T06:00:00Z'); // Tuesday 09:00, the window opens
    await worker.runOnce();
    const calls = sentTo(user.telegramId!);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload['text']).toContain('Новые объявления по вашим фильтрам: 2');
    const buttons = (calls[0]!.payload['reply_markup'] as { inline_keyboard: { url?: string }[][] }).inline_keyboard;
    expect(
      buttons
        .flat()
        .map((x) => x.url)
        .filter(Boolean),
    ).toEqual([
      `https://t.me/autoradar_test_bot/app?startapp=post_${a}`,
      `https://t.me/autoradar_test_bot/app?startapp=post_${b}`,
    ]);
    clock.set('2026-05-25T09:00:00Z');
  });

  it('records a send cut short by a dead worker as unknown and never sends it again', async () => {
    const user = await proUser();
    await saveFilter(user.id);
    const postId = await publish();
    // Match only (no Telegram in this worker), then pretend a worker died in the middle of the call.
    const matcher = createNotifyWorker({ db, clock, log: silent, links, appName: 'АвтоРадар' });
    await matcher.runOnce();
    await db
      .update(deliveries)
      .set({ status: 'sending', lockedBy: 'dead', lockedUntil: new Date(clock().getTime() - 1) })
      .where(eq(deliveries.postId, postId));
    await worker.runOnce();
    expect(sentTo(user.telegramId!)).toHaveLength(0);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.postId, postId));
    expect(row!.status).toBe('unknown');
  });

  it('finds exactly the filters core matchFilter admits (random filters and listings, after edits too)', async () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const owner = await proUser({ telegramId: null });
    const modelBrand = new Map([
      [ref.camry, ref.toyota],
      [ref.corolla, ref.toyota],
      [ref.x5, ref.bmw],
    ]);
    const pick = <T>(xs: T[]) => xs.filter(() => rnd(3) === 0);
    const weekdays: WorktimeSettings = { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
    const made = [];
    for (let i = 0; i < 150; i += 1) {
      const priceFrom = rnd(3) === 0 ? rnd(3) * 1_000_000 : null;
      const yearFrom = rnd(3) === 0 ? 2010 + rnd(10) : null;
      made.push({
        userId: owner.id,
        name: `f${i}`,
        active: true,
        brands: pick([ref.toyota, ref.bmw]),
        models: pick([ref.camry, ref.corolla, ref.x5]),
        cities: pick([ref.kazan, ref.moscow]),
        priceFrom,
        priceTo: rnd(3) === 0 ? (priceFrom ?? 0) + rnd(4) * 1_000_000 : null,
        yearFrom,
        yearTo: rnd(3) === 0 ? (yearFrom ?? 2010) + rnd(10) : null,
      });
    }
    const inserted = await db.insert(filters).values(made).returning();
    const ids = new Set(inserted.map((r) => r.id));
    const check = async (pro = true) => {
      const rows = await db
        .select()
        .from(filters)
        .where(inArray(filters.id, [...ids]));
      for (let i = 0; i < 60; i += 1) {
        const brand = [ref.toyota, ref.bmw, null][rnd(3)]!;
        const listing: MatchableListing = {
          brand_id: brand,
          model_id:
            brand === null ? null : ([...modelBrand.keys()].filter((m) => modelBrand.get(m) === brand)[rnd(3)] ?? null),
          city_id: [ref.kazan, ref.moscow, null][rnd(3)]!,
          price: rnd(5) === 0 ? null : rnd(5) * 1_000_000,
          year: rnd(5) === 0 ? null : 2008 + rnd(15),
        };
        const expected = rows
          .filter(
            (f) =>
              pro &&
              f.active &&
              matchFilter(listing, {
                ...f,
                models: f.models.map((id) => ({ id, car_brand_id: modelBrand.get(id)! })),
              }),
          )
          .map((f) => f.id)
          .sort((x, y) => x - y);
        const matched = (await findMatchingFilters(db, listing, clock())).filter((f) => ids.has(f.filterId));
        const found = matched.map((f) => f.filterId).sort((x, y) => x - y);
        expect(found, JSON.stringify(listing)).toEqual(expected);
        // What a delivery row needs comes with the match, as the filter has it now.
        for (const f of matched) {
          const row = rows.find((r) => r.id === f.filterId)!;
          expect([f.via, f.sendMode, f.worktimeSettings]).toEqual([row.via, row.sendMode, row.worktimeSettings]);
        }
        const scan = await db.execute<{ filterId: number | string }>(
          matchFiltersScanQuery(listing, await modelIdsOfBrand(db, brand), clock()),
        );
        const scanned = scan.rows
          .map((r) => Number(r.filterId))
          .filter((id) => ids.has(id))
          .sort((x, y) => x - y);
        expect(scanned, JSON.stringify(listing)).toEqual(expected);
      }
    };
    await check();
    // The index follows every edit: criteria and delivery changed, filters paused and resumed, deleted, PRO ended and
    // bought, a model moved to another brand (and back).
    for (const f of inserted) {
      const edit = rnd(5);
      if (edit === 0) await db.update(filters).set({ active: false }).where(eq(filters.id, f.id));
      if (edit === 1) {
        await db
          .update(filters)
          .set({ cities: pick([ref.kazan, ref.moscow]), models: pick([ref.camry, ref.corolla, ref.x5]) })
          .where(eq(filters.id, f.id));
      }
      if (edit === 2) {
        await db
          .update(filters)
          .set({ brands: pick([ref.toyota, ref.bmw]), priceTo: rnd(2) ? null : rnd(4) * 1_000_000, yearFrom: null })
          .where(eq(filters.id, f.id));
      }
      if (edit === 3) {
        await db
          .update(filters)
          .set({ via: ['email', 'telegram'], sendMode: 'worktime', worktimeSettings: weekdays })
          .where(eq(filters.id, f.id));
      }
      if (edit === 4 && rnd(3) === 0) {
        await db.delete(filters).where(eq(filters.id, f.id));
        ids.delete(f.id);
      }
    }
    await db
      .update(filters)
      .set({ active: true })
      .where(inArray(filters.id, [...ids].slice(0, 20)));
    await check();
    // PRO ended, then bought again.
    await db.update(users).set({ isPro: false }).where(eq(users.id, owner.id));
    await check(false);
    await db.update(users).set({ isPro: true }).where(eq(users.id, owner.id));
    await check();
    await db.update(models).set({ brandId: ref.bmw }).where(eq(models.id, ref.corolla));
    modelBrand.set(ref.corolla, ref.bmw);
    await check();
    await db.update(models).set({ brandId: ref.toyota }).where(eq(models.id, ref.corolla));
    modelBrand.set(ref.corolla, ref.toyota);
    await check();
    await db
      .update(filters)
      .set({ active: false })
      .where(inArray(filters.id, [...ids]));
  });
});
