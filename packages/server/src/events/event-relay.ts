import type { PoolClient } from 'pg';
import type { DbHandle } from '@autoradar/db';
import {
  EVENT_RELAY_CHANNEL,
  LISTING_EVENTS,
  type DomainEvent,
  type DomainEvents,
  type ListingAudience,
} from './domain-events';

// The other processes' listing events (domain-events.ts NOTIFYs them in the transaction that made the change), handed
// to this process's fan-out. PostgreSQL: a dedicated connection LISTENs and is replaced when the server drops it;
// PGlite: its own listen() (one process, but the same code path). Notifications sent while the connection is down are
// lost; what depends on them is bounded anyway: the notification worker polls, the feed cache expires.

const AUDIENCES: readonly ListingAudience[] = ['everyone', 'pro', 'guests'];

/** A notification's event, or null for one this process sent itself or one it cannot read. */
export function parseRelayedEvent(text: string, ownProcessId: string): DomainEvent | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { from, name, payload } = message as { from?: unknown; name?: unknown; payload?: unknown };
  if (from === ownProcessId || typeof payload !== 'object' || payload === null) return null;
  if (!(LISTING_EVENTS as readonly unknown[]).includes(name)) return null;
  const { postId, audience } = payload as { postId?: unknown; audience?: unknown };
  if (typeof postId !== 'number' || !Number.isSafeInteger(postId)) return null;
  if (name === 'listing.published') {
    if (!AUDIENCES.includes(audience as ListingAudience)) return null;
    return { name, payload: { postId, audience: audience as ListingAudience } };
  }
  return { name: name as 'listing.updated' | 'listing.unpublished', payload: { postId } };
}

/** Starts receiving the other processes' listing events; resolves with the function that stops it. */
export async function relayEvents(
  handle: DbHandle,
  events: DomainEvents,
  log: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const onText = (text: string | undefined) => {
    const event = parseRelayedEvent(text ?? '', events.processId);
    if (event) void events.receive(event);
  };
  if (handle.kind === 'pglite') {
    try {
      return await handle.client.listen(EVENT_RELAY_CHANNEL, onText);
    } catch (err) {
      // This process's own events still flow; only other processes' changes stay unheard.
      log.error({ err }, 'События: LISTEN недоступен, события других процессов не приходят');
      return async () => {};
    }
  }
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel === EVENT_RELAY_CHANNEL) onText(message.payload);
  };
  // The connection in use and how to give it back once; a dropped connection can report its error after close().
  let current: { client: PoolClient; release: (destroy?: boolean) => void } | undefined;
  let closed = false;
  const take = (c: PoolClient, onError: (err: Error) => void) => {
    let released = false;
    c.on('notification', onNotification);
    c.on('error', onError);
    const entry = {
      client: c,
      release: (destroy?: boolean) => {
        if (current === entry) current = undefined;
        if (released) return;
        released = true;
        c.off('notification', onNotification);
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
        log.error({ err }, 'События: соединение LISTEN потеряно, переподключаемся');
        setTimeout(() => void connect(), 1_000).unref();
      }));
      await c.query(`LISTEN ${EVENT_RELAY_CHANNEL}`);
    } catch (err) {
      entry?.release(true);
      if (closed) return;
      log.error({ err }, 'События: LISTEN недоступен, события других процессов не приходят');
      setTimeout(() => void connect(), 5_000).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    const entry = current;
    if (entry) {
      await entry.client.query(`UNLISTEN ${EVENT_RELAY_CHANNEL}`).catch(() => undefined);
      entry.release();
    }
  };
}
