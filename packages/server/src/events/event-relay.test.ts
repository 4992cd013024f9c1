import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, dbTargets, describeEachDb, testDatabaseUrl } from '@autoradar/db/testing/test-db';
import type { DbHandle } from '@autoradar/db';
import { createDomainEvents, EVENT_RELAY_CHANNEL, type DomainEvent, type DomainEvents } from './domain-events';
import { parseRelayedEvent, relayEvents } from './event-relay';

// Listing events between processes: what one fan-out commits reaches the others once, never itself twice, never for a
// rolled-back change; on real PostgreSQL the LISTEN connection that the server drops is replaced, and a connection that
// drops after the relay stopped is given back to the pool once (a second release throws in pg-pool).

const silent = { error: () => {} };

/** A fan-out with one subscriber that hears every process, and what it heard. */
function fanOut(handle: DbHandle) {
  const events = createDomainEvents({ log: silent, db: handle.db });
  const heard: [DomainEvent['name'], unknown, string][] = [];
  events.on(
    ['listing.published', 'listing.updated', 'listing.unpublished', 'user.updated'],
    (event, origin) => void heard.push([event.name, event.payload, origin]),
    { subscriber: 'cache', from: 'anywhere' },
  );
  return { events, heard };
}

describeEachDb('the event relay between processes', (getDb) => {
  let a: ReturnType<typeof fanOut>;
  let b: ReturnType<typeof fanOut>;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    a = fanOut(getDb());
    b = fanOut(getDb());
    for (const p of [a, b]) stops.push(await relayEvents(getDb(), p.events, silent));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('delivers a committed change to the other process once, and to its own process once', async () => {
    await a.events.transaction(getDb().db, async (_tx, announce) => {
      announce({ name: 'listing.published', payload: { postId: 7, audience: 'pro' } });
    });
    await a.events.emit('listing.unpublished', { postId: 7 });
    await vi.waitFor(() => expect(b.heard).toHaveLength(2));
    expect(b.heard).toEqual([
      ['listing.published', { postId: 7, audience: 'pro' }, 'elsewhere'],
      ['listing.unpublished', { postId: 7 }, 'elsewhere'],
    ]);
    // A notification it sent itself comes back on PostgreSQL and PGlite alike; it is not delivered a second time.
    await b.events.emit('listing.updated', { postId: 8 });
    await vi.waitFor(() => expect(a.heard).toHaveLength(3));
    expect(a.heard).toEqual([
      ['listing.published', { postId: 7, audience: 'pro' }, 'here'],
      ['listing.unpublished', { postId: 7 }, 'here'],
      ['listing.updated', { postId: 8 }, 'elsewhere'],
    ]);
    expect(b.heard).toHaveLength(3);
  });

  it('sends nothing for a change that rolled back, and keeps user.updated in its process', async () => {
    const failed = a.events.transaction(getDb().db, async (_tx, announce) => {
      announce({ name: 'listing.updated', payload: { postId: 9 } });
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    await a.events.emit('user.updated', { id: 1 } as never);
    // A marker behind them: once it arrives, anything sent before it has arrived too.
    await a.events.emit('listing.unpublished', { postId: 10 });
    await vi.waitFor(() => expect(b.heard.at(-1)).toEqual(['listing.unpublished', { postId: 10 }, 'elsewhere']));
    expect(b.heard.filter(([, payload]) => (payload as { postId?: number }).postId === 9)).toEqual([]);
    expect(b.heard.filter(([name]) => name === 'user.updated')).toEqual([]);
    expect(a.heard.filter(([name]) => name === 'user.updated')).toHaveLength(1);
  });

  it('ignores what it cannot read', async () => {
    await getDb().db.execute(sql`select pg_notify(${EVENT_RELAY_CHANNEL}, 'not json')`);
    const foreign = JSON.stringify({ from: 'x', name: 'post.published', payload: { postId: 1 } });
    await getDb().db.execute(sql`select pg_notify(${EVENT_RELAY_CHANNEL}, ${foreign})`);
    await a.events.emit('listing.updated', { postId: 11 });
    await vi.waitFor(() => expect(b.heard.at(-1)).toEqual(['listing.updated', { postId: 11 }, 'elsewhere']));
    expect(b.heard.some(([name]) => (name as string) === 'post.published')).toBe(false);
  });
});

describe('reading a relayed event', () => {
  it('takes listing events of other processes only, in their documented shape', () => {
    const text = (o: unknown) => JSON.stringify(o);
    expect(
      parseRelayedEvent(
        text({ from: 'b', name: 'listing.published', payload: { postId: 3, audience: 'guests' } }),
        'a',
      ),
    ).toEqual({ name: 'listing.published', payload: { postId: 3, audience: 'guests' } });
    expect(parseRelayedEvent(text({ from: 'a', name: 'listing.updated', payload: { postId: 3 } }), 'a')).toBeNull();
    expect(parseRelayedEvent(text({ from: 'b', name: 'user.updated', payload: { postId: 3 } }), 'a')).toBeNull();
    expect(parseRelayedEvent(text({ from: 'b', name: 'listing.published', payload: { postId: 3 } }), 'a')).toBeNull();
    expect(parseRelayedEvent(text({ from: 'b', name: 'listing.updated', payload: { postId: '3' } }), 'a')).toBeNull();
    expect(parseRelayedEvent('{', 'a')).toBeNull();
  });
});

describe('the relay connection on PostgreSQL', () => {
  const postgres = dbTargets.find((t) => t.name === 'postgres')!;
  let handle: DbHandle;
  let databaseUrl: string;
  let sender: DomainEvents;

  beforeAll(async () => {
    handle = await createTestDb(postgres);
    const name = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name.rows[0]!.name}`;
    databaseUrl = url.toString();
    sender = createDomainEvents({ log: silent, db: handle.db });
  });
  afterAll(async () => {
    await handle.close();
  });

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

  it('comes back after the server drops its connection, and stops cleanly', async () => {
    const { events, heard } = fanOut(handle);
    const errors: string[] = [];
    const log = { error: (_: object, msg: string) => errors.push(msg) };
    const send = (postId: number) => sender.emit('listing.updated', { postId });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const stop = await relayEvents(handle, events, log);
      await send(1);
      await vi.waitFor(() => expect(heard).toHaveLength(1));

      expect(await kill('listen')).toBe(1);
      await vi.waitFor(() => expect(errors).toContain('События: соединение LISTEN потеряно, переподключаемся'));
      await vi.advanceTimersByTimeAsync(1_000);
      // Reconnected: it hears the next change.
      await vi.waitFor(async () => {
        await send(2);
        expect(heard.map(([, payload]) => payload)).toContainEqual({ postId: 2 });
      });

      await stop();
      const logged = errors.length;
      const count = heard.length;
      // Nothing listens any more. The connection went back to the pool; when the server drops it there, the relay
      // neither releases it a second time nor reconnects.
      expect(await kill('listen')).toBe(0);
      expect(await kill('unlisten')).toBe(1);
      await vi.advanceTimersByTimeAsync(10_000);
      await send(3);
      expect(heard).toHaveLength(count);
      expect(errors).toHaveLength(logged);
    } finally {
      vi.useRealTimers();
    }
  });
});
