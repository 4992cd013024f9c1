import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { filters, users, type Db } from '@autoradar/db';

// A notification worker as its own process (bot/src/worker-main.ts, started as `pnpm --filter @autoradar/bot worker`
// starts it), for the tests that kill one with SIGKILL: bot/src/worker-crash.test.ts and the notify-kills fault suite.
// Small batches and a short lease so that a killed worker's claimed rows go to the other one within seconds.

export interface NotifyWorkerOptions {
  /** The worker's entry file, bot/src/worker-main.ts (the caller knows where the bot lives). */
  entry: string;
  databaseUrl: string;
  /** The worker's bot token: the Bot API emulator tells the workers' calls apart by it. */
  token: string;
  telegramApiUrl: string;
  pollMs?: number;
}

/**
 * Starts a worker and resolves once it says it is running («запущен»); rejects if it exits first. The process is
 * added to `children` at once, so that an afterAll can kill it even if it never came up.
 */
export function startNotifyWorker(options: NotifyWorkerOptions, children: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry], {
    cwd: path.dirname(path.dirname(options.entry)),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      BOT_TOKEN: options.token,
      BOT_USERNAME: 'autoradar_test_bot',
      TELEGRAM_API_URL: options.telegramApiUrl,
      APP_URL: 'https://autoradar.example',
      NOTIFY_CONCURRENCY: '1',
      NOTIFY_BATCH: '10',
      NOTIFY_LEASE_MS: '3000',
      NOTIFY_POLL_MS: String(options.pollMs ?? 500),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<ChildProcess>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('запущен')) resolve(child);
    });
    child.stderr.resume();
    child.once('exit', (code, signal) => reject(new Error(`worker exited with ${code ?? signal}`)));
  });
}

/** Kills whatever of the given workers still runs (afterAll). */
export function killWorkers(children: Iterable<ChildProcess>): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * `count` PRO users, each with one active catch-all filter sending to Telegram («Любая машина»): every published
 * listing is one (filter, listing) pair per user. Telegram ids from `firstTelegramId` on.
 */
export async function seedCatchAllSubscribers(
  db: Db,
  { count, firstTelegramId, firstName }: { count: number; firstTelegramId: number; firstName: string },
): Promise<void> {
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        telegramId: firstTelegramId + i,
        firstName: `${firstName} ${i}`,
        isPro: true,
        proExpired: new Date(Date.now() + 86_400_000),
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(filters)
    .values(owners.map((o) => ({ userId: o.id, name: 'Любая машина', active: true, via: ['telegram' as const] })));
}
