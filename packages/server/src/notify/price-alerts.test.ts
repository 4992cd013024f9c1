import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { filters, notes, priceAlerts, users, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '../events/domain-events';
import { addFavourite } from '../favourites/favourites';
import { changeListings, publishListing, unpublishListing, updateListing } from '../listings/listing-lifecycle';
import type { Mailer, MailMessage } from '../mail';
import { createTelegramLimits } from '../telegram-api';
import { startBotApiEmulator } from '../testing/bot-api-emulator';
import { createNotifyTelegramApi } from './notify-telegram';
import { createNotifyWorker, type NotifyWorker } from './notify-worker';

// Price-drop and sold alerts on favourites (issue 33), from a repriced listing to the Bot API emulator on 127.0.0.1,
// on PGlite and PostgreSQL: one message for a 5 % drop with both prices and the deep link, none for a second drop
// within 3 hours (the clock is injected), one when the listing is taken off, none when the profile's switch is off.

const TOKEN = '123456789:AAE_test-token-for-the-emulator-only';
const silent = { info: () => {}, error: (o: object, m: string) => console.error(m, o) };
const links = { appUrl: 'https://autoradar.example', botUsername: 'autoradar_test_bot', miniappShortName: 'app' };

function clockAt(iso: string) {
  let now = new Date(iso).getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => void (now += ms);
  return clock;
}

describeEachDb('price-drop alerts on favourites', (getDb) => {
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let db: DbHandle['db'];
  const clock = clockAt('2026-11-20T09:00:00Z');
  const mail: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void mail.push(m), close: () => {} };
  let worker: NotifyWorker;
  let seq = 0;
  const events = createDomainEvents({ log: { error: () => {} } });

  beforeAll(async () => {
    emulator = await startBotApiEmulator();
    db = getDb().db;
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    emulator.calls.length = 0;
    mail.length = 0;
    worker = createNotifyWorker({
      db,
      clock,
      log: silent,
      links,
      appName: 'АвтоРадар',
      mailer,
      telegram: createNotifyTelegramApi({ token: TOKEN, apiUrl: emulator.url, limits: createTelegramLimits() }),
    });
  });

  const user = async (over: Partial<typeof users.$inferInsert> = {}) => {
    seq += 1;
    const [u] = await db
      .insert(users)
      .values({ telegramId: 7_000_000 + seq, firstName: `Покупатель ${seq}`, ...over })
      .returning();
    return u!;
  };
  const listing = (price = 2_000_000) =>
    changeListings({ db, events, clock }, (l) =>
      publishListing(l, { channel: 'site', title: 'Toyota Camry 2018', price, currency: 'RUB', year: 2018 }, []),
    );
  const reprice = (postId: number, price: number) =>
    changeListings({ db, events, clock }, (l) => updateListing(l, postId, { price }));
  const favourite = (userId: number, postId: number) => addFavourite({ db, events }, userId, postId, clock());
  const messagesTo = (telegramId: number) =>
    emulator.deliveredOf('sendMessage').filter((c) => c.payload['chat_id'] === telegramId);

  it('sends one Telegram message for a 5 % drop, none for a second drop within 3 hours', async () => {
    const buyer = await user();
    const postId = await listing(2_000_000);
    await favourite(buyer.id, postId);
    clock.advance(3_600_000);
    await reprice(postId, 1_900_000);
    await worker.runOnce();
    await worker.runOnce();
    const sent = messagesTo(buyer.telegramId!);
    expect(sent).toHaveLength(1);
    const text = String(sent[0]!.payload['text']);
    expect(text).toContain('Цена снижена');
    expect(text).toContain('Toyota Camry 2018');
    expect(text).toContain('Было: 2\u00A0000\u00A0000\u00A0₽');
    expect(text).toContain('Стало: 1\u00A0900\u00A0000\u00A0₽ (\u22125 %)');
    expect(sent[0]!.payload['reply_markup']).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть объявление', url: `https://t.me/autoradar_test_bot/app?startapp=post_${postId}` }],
      ],
    });

    // A second drop two hours later: nothing yet.
    clock.advance(2 * 3_600_000);
    await reprice(postId, 1_800_000);
    await worker.runOnce();
    expect(messagesTo(buyer.telegramId!)).toHaveLength(1);

    // Once the 3 hours are over, the one message tells the drop since the last alert.
    clock.advance(3_600_000 + 1);
    await worker.runOnce();
    const later = messagesTo(buyer.telegramId!);
    expect(later).toHaveLength(2);
    expect(String(later[1]!.payload['text'])).toContain('Было: 1\u00A0900\u00A0000\u00A0₽');
    expect(String(later[1]!.payload['text'])).toContain('Стало: 1\u00A0800\u00A0000\u00A0₽');
  });

  it('waits for the working hours the user chose for their notifications, then sends the alert once', async () => {
    const buyer = await user();
    const postId = await listing(2_000_000);
    await favourite(buyer.id, postId);
    // Every day, a one-hour window that opens two hours from now on the Moscow clock.
    const moscowHour = (clock().getUTCHours() + 3) % 24;
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:${String(clock().getUTCMinutes()).padStart(2, '0')}`;
    const worktime = { days: [0, 1, 2, 3, 4, 5, 6], start: hh(moscowHour + 2), end: hh(moscowHour + 3) };
    await db.insert(filters).values({
      userId: buyer.id,
      name: 'В рабочее время',
      active: true,
      via: ['telegram'],
      sendMode: 'worktime',
      worktimeSettings: worktime,
    });
    await reprice(postId, 1_900_000);
    await worker.runOnce();
    expect(messagesTo(buyer.telegramId!)).toHaveLength(0);
    const [held] = await db.select().from(priceAlerts).where(eq(priceAlerts.postId, postId));
    expect(held).toMatchObject({
      status: 'pending',
      dueAt: new Date(
        clock().getTime() + 2 * 3_600_000 - clock().getUTCSeconds() * 1000 - clock().getUTCMilliseconds(),
      ),
    });
    clock.advance(3_600_000);
    await worker.runOnce();
    expect(messagesTo(buyer.telegramId!)).toHaveLength(0);
    clock.advance(3_600_000);
    await worker.runOnce();
    await worker.runOnce();
    expect(messagesTo(buyer.telegramId!)).toHaveLength(1);

    // A filter that sends at once means the user takes messages at any hour.
    const other = await user();
    const second = await listing(3_000_000);
    await favourite(other.id, second);
    await db.insert(filters).values([
      {
        userId: other.id,
        name: 'Ночью нет',
        active: true,
        via: ['telegram'],
        sendMode: 'worktime',
        worktimeSettings: { ...worktime, start: hh(moscowHour + 8), end: hh(moscowHour + 9) },
      },
      { userId: other.id, name: 'Сразу', active: true, via: ['telegram'], sendMode: 'immediately' },
    ]);
    await reprice(second, 2_800_000);
    await worker.runOnce();
    expect(messagesTo(other.telegramId!)).toHaveLength(1);
  });

  it('says nothing for a drop under 1 % or a rise, and measures a later drop from the raised price', async () => {
    const buyer = await user();
    const postId = await listing(2_000_000);
    await favourite(buyer.id, postId);
    await reprice(postId, 1_990_001);
    await worker.runOnce();
    await reprice(postId, 2_200_000);
    await worker.runOnce();
    expect(messagesTo(buyer.telegramId!)).toEqual([]);
    await reprice(postId, 2_100_000);
    await worker.runOnce();
    const sent = messagesTo(buyer.telegramId!);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.payload['text'])).toContain('Было: 2\u00A0200\u00A0000\u00A0₽');
  });

  it('sends one message when the listing is taken off', async () => {
    const buyer = await user();
    const postId = await listing();
    await favourite(buyer.id, postId);
    await changeListings({ db, events, clock }, (l) => unpublishListing(l, postId));
    await worker.runOnce();
    await worker.runOnce();
    const sent = messagesTo(buyer.telegramId!);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.payload['text'])).toContain('Объявление из избранного снято с публикации');
    const [note] = await db.select().from(notes).where(eq(notes.userId, buyer.id));
    expect(note!.soldAlertedAt).not.toBeNull();
  });

  it('sends nothing when the profile switch is off, and e-mail when the user has no Telegram', async () => {
    const quiet = await user({ priceAlerts: false });
    const byMail = await user({ telegramId: null, email: 'buyer@example.ru' });
    const postId = await listing(1_000_000);
    await favourite(quiet.id, postId);
    await favourite(byMail.id, postId);
    await reprice(postId, 900_000);
    await worker.runOnce();
    expect(messagesTo(quiet.telegramId!)).toEqual([]);
    expect(await db.select().from(priceAlerts).where(eq(priceAlerts.userId, quiet.id))).toEqual([]);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe('buyer@example.ru');
    expect(mail[0]!.subject).toContain('Цена снижена');
    expect(mail[0]!.text).toContain(`https://autoradar.example/posts/${postId}`);
    // Turning the alerts on later does not bring the old drop back.
    await db.update(users).set({ priceAlerts: true }).where(eq(users.id, quiet.id));
    await worker.runOnce();
    expect(messagesTo(quiet.telegramId!)).toEqual([]);
  });
});
