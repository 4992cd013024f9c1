import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sources, type PostgresDbHandle } from '@autoradar/db';
import { createTestDb, postgresUnavailableReason } from '@autoradar/db/testing/test-db';
import { addSource } from '@autoradar/server/ingest/sources';
import {
  startFakeTelegramPreview,
  type FakeChannel,
  type FakeTelegramPreview,
} from '@autoradar/server/testing/fake-telegram-preview';

// Issue 28's scale check: two worker processes (worker-main.ts, as production starts them) on one PostgreSQL read
// 200 channels of the fake t.me for several short cycles. Every post becomes exactly one listing, no channel is read
// by both at once (the fake records overlapping requests of one channel), the host's requests per second stay within
// TELEGRAM_PREVIEW_RPS (each worker takes half: SOURCES_WORKERS=2), and when one worker is SIGKILLed holding claims,
// the other reads its sources once their lease has run out.

const CHANNELS = 200;
const RPS = 40;
const workerMain = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
const runIf = postgresUnavailableReason && process.env['CI'] !== 'true' ? describe.skip : describe;

const car = (i: number, n: number) =>
  `Продаю Lada Vesta 2019 г.в.\nПробег ${10 + n} т.км\nЦена ${(600 + i).toString()} ${(100 + n).toString()} ₽\nСамара`;

runIf('sources read by two worker processes, one SIGKILLed [postgres]', () => {
  let handle: PostgresDbHandle;
  let fake: FakeTelegramPreview;
  const children: ChildProcess[] = [];
  const channels: FakeChannel[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerMain], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        DATABASE_URL: handle.client.options.connectionString,
        BOT_TOKEN: '123456789:AAE_sources-test-token-for-the-fake-only',
        BOT_USERNAME: 'autoradar_test_bot',
        TELEGRAM_API_URL: 'http://127.0.0.1:9',
        APP_URL: 'https://autoradar.example',
        TELEGRAM_PREVIEW_URL: fake.url,
        TELEGRAM_PREVIEW_RPS: String(RPS),
        TELEGRAM_PREVIEW_CONCURRENCY: '8',
        SOURCES_WORKERS: '2',
        SOURCES_POLL_SECONDS: '1',
        SOURCE_INTERVAL: '2',
        SOURCE_INTERVAL_MIN: '1',
        SOURCE_INTERVAL_MAX: '3',
        SOURCES_LEASE_MS: '30000',
        SOURCE_MEDIA_HOSTS: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise<ChildProcess>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('Чтение источников по расписанию запущено')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
  };

  const counts = async () => {
    const [row] = await handle.db
      .select({
        read: sql<number>`count(*) filter (where ${sources.readsOk} > 0)::int`,
        listings: sql<number>`(select count(*) from post_sources)::int`,
        distinct: sql<number>`(select count(distinct (source_id, message_id)) from post_sources)::int`,
        posts: sql<number>`(select count(*) from posts)::int`,
      })
      .from(sources);
    return row!;
  };

  beforeAll(async () => {
    handle = (await createTestDb({ name: 'postgres' })) as PostgresDbHandle;
    fake = await startFakeTelegramPreview({ delayMs: 20 });
    for (let i = 0; i < CHANNELS; i++) {
      const channel = fake.addChannel(`two_workers_${i}`, { firstId: 10 });
      channel.post({ text: car(i, 0) });
      channel.post({ text: car(i, 1) });
      channels.push(channel);
      await addSource(handle.db, { kind: 'telegram', identifier: channel.name, readVia: 'telegram_preview' });
    }
  }, 120_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await fake?.close();
    await handle?.close();
  });

  it('ingests every post once, never overlaps, keeps the host limit, and survives a SIGKILL', async () => {
    const postsBefore = (await counts()).posts;
    const [a] = await Promise.all([startWorker(), startWorker()]);
    await vi.waitFor(async () => expect((await counts()).read).toBe(CHANNELS), { timeout: 90_000, interval: 500 });
    expect((await counts()).listings).toBe(CHANNELS * 2);

    // Several more cycles with a new post per channel; one worker dies while it holds claims.
    for (const [i, channel] of channels.entries()) channel.post({ text: car(i, 2) });
    await vi.waitFor(async () => expect((await counts()).listings).toBeGreaterThan(CHANNELS * 2), {
      timeout: 30_000,
      interval: 100,
    });
    a.kill('SIGKILL');
    await vi.waitFor(async () => expect((await counts()).listings).toBe(CHANNELS * 3), {
      timeout: 120_000,
      interval: 500,
    });
    const final = await counts();
    expect(final.distinct).toBe(CHANNELS * 3);
    expect(final.posts - postsBefore).toBe(CHANNELS * 3);
    expect([...fake.overlaps.values()].reduce((sum, n) => sum + n, 0)).toBe(0);
    expect(fake.maxRequestsPerSecond()).toBeLessThanOrEqual(RPS);
  }, 300_000);
});
