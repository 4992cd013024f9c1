// Fault suite (issue 31): two notification workers on one PostgreSQL; in each of 20 rounds a listing matching 30
// subscribers is published and worker A is killed with SIGKILL while Telegram holds one of its messages (a different
// message each round), then started again. Every (filter, listing) pair must reach its chat exactly once, or be
// recorded as unknown (the killed worker's message in flight: sent or not, nobody can tell, so it is not sent again).
// `pnpm test:faults notify-kills`; figures in docs/reliability.md.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filters, users, type PostgresDbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { repoRoot } from '../support/server';
import { reportFigures } from './support/figures';

const USERS = 30;
const ROUNDS = 20;
const TOKEN_A = '111111111:AAE_fault-worker-a-token-for-the-emulator';
const TOKEN_B = '222222222:AAE_fault-worker-b-token-for-the-emulator';
const botDir = path.join(repoRoot, 'bot');

describe.skipIf(postgresUnavailableReason)('notification workers: one SIGKILLed mid-batch, 20 times', () => {
  let handle: PostgresDbHandle;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  const children: ChildProcess[] = [];
  let workerA: ChildProcess | undefined;
  let killAt = 0;
  let callsOfA = 0;

  const startWorker = (token: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
      cwd: botDir,
      env: {
        ...process.env,
        DATABASE_URL: handle.client.options.connectionString,
        BOT_TOKEN: token,
        BOT_USERNAME: 'autoradar_test_bot',
        TELEGRAM_API_URL: emulator.url,
        APP_URL: 'https://autoradar.example',
        NOTIFY_CONCURRENCY: '1',
        NOTIFY_BATCH: '10',
        NOTIFY_LEASE_MS: '3000',
        NOTIFY_POLL_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise<ChildProcess>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('запущен')) resolve(child);
      });
      child.once('exit', (code, signal) => reject(new Error(`worker exited with ${code ?? signal}`)));
    });
  };

  beforeAll(async () => {
    handle = (await createTestDb({ name: 'postgres' })) as PostgresDbHandle;
    emulator = await startBotApiEmulator({
      onCall: (call) => {
        if (call.method === 'sendMessage' && call.token === TOKEN_A && ++callsOfA === killAt) {
          workerA?.kill('SIGKILL');
        }
      },
    });
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await emulator?.close();
    await handle?.close();
  });

  it('delivers every pair exactly once or records it as unknown, round after round', async () => {
    const { db } = handle;
    const owners = await db
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, i) => ({
          telegramId: 7_100_000 + i,
          firstName: `Подписчик ${i}`,
          isPro: true,
          proExpired: new Date(Date.now() + 86_400_000),
        })),
      )
      .returning({ id: users.id });
    await db
      .insert(filters)
      .values(owners.map((o) => ({ userId: o.id, name: 'Любая машина', active: true, via: ['telegram' as const] })));
    [workerA] = await Promise.all([startWorker(TOKEN_A), startWorker(TOKEN_B)]);
    const events = createDomainEvents({ log: console, db });

    const totals = { pairs: 0, deliveredOnce: 0, unknown: 0, doubled: 0, lost: 0, kills: 0 };
    const recoveries: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      callsOfA = 0;
      // The kill lands on A's 1st to 6th message of the round, in turn.
      killAt = 1 + (round % 6);
      const publishedAt = Date.now();
      const postId = await changeListings({ db, events }, (l) =>
        publishListing(l, { channel: 'site', title: `Lada Vesta 2021, раунд ${round + 1}`, price: 1_200_000 }, []),
      );
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
      const killed = workerA.signalCode === 'SIGKILL';
      if (killed) {
        totals.kills++;
        workerA = await startWorker(TOKEN_A);
      }

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
  }, 900_000);
});
