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
  // The connection in use and how to give it back once; a dropped connection can report its error after close().
  let current: { client: PoolClient; release: (destroy?: boolean) => void } | undefined;
  let closed = false;
  const take = (c: PoolClient, onError: (err: Error) => void) => {
    let released = false;
    c.on('notification', onWake);
    c.on('error', onError);
    const entry = {
      client: c,
      release: (destroy?: boolean) => {
        if (current === entry) current = undefined;
        if (released) return;
        released = true;
        c.off('notification', onWake);
        c.off('error', onError);
        c.release(destroy);
      },
    };
    current = entry;
    return entry;
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    let entry: ReturnType<typeof take> | undefined;
    try {
      const c = await handle.client.connect();
      const taken = (entry = take(c, (err: Error) => {
        taken.release(true);
        if (closed) return;
        log.error({ err }, 'Уведомления: соединение LISTEN потеряно, переподключаемся');
        setTimeout(() => void connect(), 1_000).unref();
      }));
      await c.query(`LISTEN ${NOTIFY_WAKE_CHANNEL}`);
      onWake();
    } catch (err) {
      entry?.release(true);
      if (closed) return;
      log.error({ err }, 'Уведомления: LISTEN недоступен, работаем по опросу');
      setTimeout(() => void connect(), 5_000).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    const entry = current;
    if (entry) {
      await entry.client.query(`UNLISTEN ${NOTIFY_WAKE_CHANNEL}`).catch(() => undefined);
      entry.release();
    }
  };
}
