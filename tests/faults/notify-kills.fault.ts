// Fault suite (issue 31): two notification workers on one PostgreSQL; in each of 20 rounds a listing matching 30
// subscribers is published and the worker at work is killed with SIGKILL while Telegram holds one of its messages
// (its 1st to 6th of the round, in turn); the other worker starts as it dies and finishes the round (the killed
// worker's claimed rows reach it when their lease runs out), and is the one killed in the next round. Every
// (filter, listing) pair must reach its chat exactly once, or be recorded as unknown (the message in flight when its
// worker died: sent or not, nobody can tell, so it is not sent again).
// As in bot/src/worker-crash.test.ts, the worker to be killed works alone until its message is in flight: with the
// shared send budget a second worker already running could claim and send the whole round first, and the kill would
// find nothing in hand.
// `pnpm test:faults notify-kills`; figures in docs/reliability.md.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostgresDbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import {
  killWorkers,
  seedCatchAllSubscribers,
  startNotifyWorker,
} from '@autoradar/server/testing/notify-worker-process';
import { repoRoot } from '../support/server';
import { reportFigures } from './support/figures';

const USERS = 30;
const ROUNDS = 20;
const TOKEN_A = '111111111:AAE_fault-worker-a-token-for-the-emulator';
const TOKEN_B = '222222222:AAE_fault-worker-b-token-for-the-emulator';
const workerMain = path.join(repoRoot, 'bot/src/worker-main.ts');

describe.skipIf(postgresUnavailableReason)('notification workers: one SIGKILLed mid-batch, 20 times', () => {
  let handle: PostgresDbHandle;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  const children: ChildProcess[] = [];
  /** The worker at work this round, the one to be killed, and its token. */
  let working: { child: ChildProcess; token: string } | undefined;
  let killAt = 0;
  let callsOfWorking = 0;

  let killed: () => void = () => {};

  const startWorker = (token: string) =>
    startNotifyWorker(
      {
        entry: workerMain,
        databaseUrl: handle.client.options.connectionString!,
        token,
        telegramApiUrl: emulator.url,
        pollMs: 300,
      },
      children,
    );

  beforeAll(async () => {
    handle = (await createTestDb({ name: 'postgres' })) as PostgresDbHandle;
    emulator = await startBotApiEmulator({
      onCall: (call) => {
        if (call.method === 'sendMessage' && call.token === working?.token && ++callsOfWorking === killAt) {
          working.child.kill('SIGKILL');
          killed();
        }
      },
    });
  }, 120_000);
  afterAll(async () => {
    killWorkers(children);
    await emulator?.close();
    await handle?.close();
  });

  it('delivers every pair exactly once or records it as unknown, round after round', async () => {
    const { db } = handle;
    await seedCatchAllSubscribers(db, { count: USERS, firstTelegramId: 7_100_000, firstName: 'Подписчик' });
    working = { child: await startWorker(TOKEN_A), token: TOKEN_A };
    const events = createDomainEvents({ log: console, db });

    const totals = { pairs: 0, deliveredOnce: 0, unknown: 0, doubled: 0, lost: 0, kills: 0 };
    const recoveries: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      callsOfWorking = 0;
      // The kill lands on the worker's 1st to 6th message of the round, in turn.
      killAt = 1 + (round % 6);
      const inFlight = new Promise<void>((resolve) => (killed = resolve));
      const dying = working.child;
      const dead = new Promise<NodeJS.Signals | null>((resolve) =>
        dying.once('exit', (_code, signal) => resolve(signal)),
      );
      const publishedAt = Date.now();
      const postId = await changeListings({ db, events }, (l) =>
        publishListing(l, { channel: 'site', title: `Lada Vesta 2021, раунд ${round + 1}`, price: 1_200_000 }, []),
      );
      await inFlight;
      if ((await dead) === 'SIGKILL') totals.kills++;
      const token: string = working.token === TOKEN_A ? TOKEN_B : TOKEN_A;
      working = { child: await startWorker(token), token };
      await vi.waitFor(
        async () => {
          const { rows } = await handle.client.query<{ all: number; open: number }>(
            `select count(*)::int as "all",
                    (count(*) filter (where status in ('pending', 'sending')))::int as "open"
               from deliveries where post_id = $1`,
            [postId],
          );
          expect(rows[0]).toEqual({ all: USERS, open: 0 });
        },
        { timeout: 120_000, interval: 200 },
      );
      recoveries.push(Date.now() - publishedAt);
      console.log(`round ${round + 1}: killed at message ${killAt}, closed in ${Date.now() - publishedAt} ms`);

      const sent = new Map<unknown, number>();
      for (const call of emulator.deliveredOf('sendMessage')) {
        const markup = JSON.stringify(call.payload['reply_markup'] ?? '');
        if (markup.includes(`post_${postId}"`))
          sent.set(call.payload['chat_id'], (sent.get(call.payload['chat_id']) ?? 0) + 1);
      }
      const { rows } = await handle.client.query<{ status: string; chat: string }>(
        'select d.status, u.telegram_id::text as chat from deliveries d join users u on u.id = d.user_id where d.post_id = $1',
        [postId],
      );
      for (const row of rows) {
        totals.pairs++;
        const times = sent.get(Number(row.chat)) ?? 0;
        if (times > 1) totals.doubled++;
        else if (row.status === 'unknown') totals.unknown++;
        else if (times === 1 && row.status === 'sent') totals.deliveredOnce++;
        else totals.lost++;
      }
    }

    recoveries.sort((a, b) => a - b);
    reportFigures('notify-kills', {
      rounds: ROUNDS,
      ...totals,
      roundSecondsMedian: Number((recoveries[Math.floor(ROUNDS / 2)]! / 1000).toFixed(1)),
      roundSecondsMax: Number((recoveries[ROUNDS - 1]! / 1000).toFixed(1)),
    });
    expect(totals.pairs).toBe(USERS * ROUNDS);
    expect(totals.kills).toBe(ROUNDS);
    expect(totals.doubled).toBe(0);
    expect(totals.lost).toBe(0);
    expect(totals.deliveredOnce + totals.unknown).toBe(USERS * ROUNDS);
  }, 1_800_000);
});
