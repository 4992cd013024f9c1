import type { PoolClient } from 'pg';
import type { DbHandle } from '@autoradar/db';
import { NOTIFY_WAKE_CHANNEL } from './queue';

// Wakes a notification worker when another process commits a job (queue.ts NOTIFYs in the publishing transaction).
// PostgreSQL: a dedicated connection LISTENs; PGlite: its own listen(). In one process the publish path calls
// worker.wake() directly as well.

export async function listenForNotifyJobs(
  handle: DbHandle,
  onWake: () => void,
  log: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(NOTIFY_WAKE_CHANNEL, onWake);
    return unlisten;
  }
  let client: PoolClient | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    if (closed) return;
    try {
      const c = await handle.client.connect();
      client = c;
      c.on('notification', onWake);
      c.on('error', (err: Error) => {
        log.error({ err }, 'Уведомления: соединение LISTEN потеряно, переподключаемся');
        client?.release(true);
        client = undefined;
        setTimeout(() => void connect(), 1_000).unref();
      });
      await c.query(`LISTEN ${NOTIFY_WAKE_CHANNEL}`);
      onWake();
    } catch (err) {
      log.error({ err }, 'Уведомления: LISTEN недоступен, работаем по опросу');
      client?.release(true);
      client = undefined;
      if (!closed) setTimeout(() => void connect(), 5_000).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    if (client) {
      await client.query(`UNLISTEN ${NOTIFY_WAKE_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  };
}
