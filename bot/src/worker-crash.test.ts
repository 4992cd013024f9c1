import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveries, type PostgresDbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import {
  killWorkers,
  seedCatchAllSubscribers,
  startNotifyWorker,
} from '@autoradar/server/testing/notify-worker-process';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';

// Issue 14's durability check: two notification worker processes on one PostgreSQL; one is killed with SIGKILL in
// the middle of its batch (at the moment its first message reaches Telegram). Every (filter, listing) pair is then
// delivered exactly once, counted at the Bot API emulator: the killed worker's claimed rows go to the other worker when
// its lease runs out, and its one call in flight is recorded as unknown instead of being sent again.
// Worker A runs alone until its first message is in flight, so that it surely holds a claimed batch when it dies
// (started together, a loaded machine let B claim and send all 60 before A woke); B starts as A is killed.

const USERS = 60;
const workerMain = fileURLToPath(new URL('./worker-main.ts', import.meta.url));

const runIf = postgresUnavailableReason && process.env['CI'] !== 'true' ? describe.skip : describe;

runIf('notification workers: one SIGKILLed mid-batch [postgres]', () => {
  let handle: PostgresDbHandle;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  const children: ChildProcess[] = [];
  let killed: ChildProcess | undefined;
  let callsOfKilled = 0;
  let aDied: () => void = () => {};
  const aDead = new Promise<void>((resolve) => (aDied = resolve));

  const startWorker = (token: string) =>
    startNotifyWorker(
      { entry: workerMain, databaseUrl: handle.client.options.connectionString!, token, telegramApiUrl: emulator.url },
      children,
    );

  beforeAll(async () => {
    handle = (await createTestDb({ name: 'postgres' })) as PostgresDbHandle;
    emulator = await startBotApiEmulator({
      onCall: (call) => {
        // Worker A sends with its own token; it dies while Telegram holds its first message (with the shared send budget
        // of issue 30, worker B may send most of the 60, so A's first is the one sure to come).
        if (call.method === 'sendMessage' && call.token.startsWith('111') && ++callsOfKilled === 1) {
          killed?.kill('SIGKILL');
          aDied();
        }
      },
    });
  }, 60_000);
  afterAll(async () => {
    killWorkers(children);
    await emulator?.close();
    await handle?.close();
  });

  it('delivers every (filter, listing) pair exactly once', async () => {
    const { db } = handle;
    await seedCatchAllSubscribers(db, { count: USERS, firstTelegramId: 7_000_000, firstName: 'Покупатель' });

    killed = await startWorker('111111111:AAE_worker-a-token-for-the-emulator-only');
    // Published as the API publishes a listing: the workers hear of it through the event relay and wake at once.
    const events = createDomainEvents({ log: console, db });
    const postId = await changeListings({ db, events }, (l) =>
      publishListing(l, { channel: 'site', title: 'Lada Vesta 2021', price: 1_200_000 }, []),
    );
    await aDead;
    await startWorker('222222222:AAE_worker-b-token-for-the-emulator-only');

    await vi.waitFor(
      async () => {
        const [open] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(deliveries)
          .where(sql`${deliveries.status} in ('pending', 'sending')`);
        const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(deliveries);
        expect(all!.n).toBe(USERS);
        expect(open!.n).toBe(0);
      },
      { timeout: 60_000, interval: 200 },
    );

    expect(killed.signalCode).toBe('SIGKILL');
    const perChat = new Map<unknown, number>();
    for (const call of emulator.deliveredOf('sendMessage')) {
      expect(call.payload['reply_markup']).toMatchObject({
        inline_keyboard: [[{ url: `https://t.me/autoradar_test_bot/app?startapp=post_${postId}` }], [{}]],
      });
      perChat.set(call.payload['chat_id'], (perChat.get(call.payload['chat_id']) ?? 0) + 1);
    }
    expect(perChat.size).toBe(USERS);
    expect([...perChat.values()].every((n) => n === 1)).toBe(true);
    // The message in flight when the worker died arrived, but its worker could not record it: unknown, not resent.
    const statuses = await db
      .select({ status: deliveries.status, n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(eq(deliveries.postId, postId))
      .groupBy(deliveries.status);
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual({ sent: USERS - 1, unknown: 1 });
    const tokens = new Set(emulator.deliveredOf('sendMessage').map((c) => c.token.slice(0, 3)));
    expect(tokens).toEqual(new Set(['111', '222']));
  }, 120_000);
});
