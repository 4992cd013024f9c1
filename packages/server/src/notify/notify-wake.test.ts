import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDb, dbTargets, testDatabaseUrl } from '@autoradar/db/testing/test-db';
import type { DbHandle } from '@autoradar/db';
import { listenForNotifyJobs } from './notify-wake';
import { NOTIFY_WAKE_CHANNEL } from './queue';

// The worker's wake-up line on real PostgreSQL: a LISTEN connection that the server drops is replaced, and a
// connection that drops after the worker stopped is given back to the pool once (a second release throws in pg-pool).

const postgres = dbTargets.find((t) => t.name === 'postgres')!;
let handle: DbHandle;
let databaseUrl: string;

beforeAll(async () => {
  handle = await createTestDb(postgres);
  const name = await handle.db.execute<{ name: string }>('select current_database() as name');
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name.rows[0]!.name}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  await handle.close();
});

async function notify(): Promise<void> {
  await handle.db.execute(`notify ${NOTIFY_WAKE_CHANNEL}` as never);
}

/**
 * Ends this database's connections whose last statement starts with `statement`, from a connection of its own
 * (the pool would lend the very connection under test).
 */
async function kill(statement: 'listen' | 'unlisten'): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike $1`,
      [`${statement}%`],
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await admin.end();
  }
}

it('wakes on NOTIFY, comes back after the server drops its connection, and stops cleanly', async () => {
  const wakes = vi.fn();
  const errors: string[] = [];
  const log = { error: (_: object, msg: string) => errors.push(msg) };
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const stop = await listenForNotifyJobs(handle, wakes, log);
    expect(wakes).toHaveBeenCalledTimes(1); // once on connecting, for jobs committed before
    await notify();
    await vi.waitFor(() => expect(wakes).toHaveBeenCalledTimes(2));

    expect(await kill('listen')).toBe(1);
    await vi.waitFor(() => expect(errors).toContain('Уведомления: соединение LISTEN потеряно, переподключаемся'));
    await vi.advanceTimersByTimeAsync(1_000);
    // Reconnected: it wakes again for what may have been committed meanwhile, and hears the next NOTIFY.
    await vi.waitFor(() => expect(wakes).toHaveBeenCalledTimes(3));
    await notify();
    await vi.waitFor(() => expect(wakes).toHaveBeenCalledTimes(4));

    await stop();
    const logged = errors.length;
    // Nothing listens any more. The connection went back to the pool; when the server drops it there, the worker
    // neither releases it a second time nor reconnects.
    expect(await kill('listen')).toBe(0);
    expect(await kill('unlisten')).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await notify();
    expect(wakes).toHaveBeenCalledTimes(4);
    expect(errors).toHaveLength(logged);
  } finally {
    vi.useRealTimers();
  }
});
