import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NoteEntry, User } from '@autoradar/contract';
import type { Db, DbTransaction } from '@autoradar/db';

// The one path a change takes to whoever reacts to it (issue 27): one typed fan-out per process (the API, the bot,
// the worker), created by the process's composition root. The code that changes something announces it here; the
// subscribers (realtime, the feed cache, the notification worker's wake-up) never know who changed what.
//
//   ordering   subscribers are called in the order they subscribed (their synchronous part runs in that order: the
//              feed cache is cleared before the realtime event leaves), then awaited together; a process's events
//              are delivered one after another, in the order they were committed.
//   errors     a subscriber that throws or rejects is logged and the others still run; `emit` and `transaction`
//              never fail because of a subscriber: the change is committed already. A subscriber must not await
//              `emit` (its event would queue behind itself).
//   processes  listing events also go to the other processes on the same database through PostgreSQL NOTIFY, sent
//              inside the transaction that makes the change, so they are delivered on commit and never for a rollback
//              (event-relay.ts receives them). A subscriber says whether it hears them: realtime does not (the process
//              that made the change broadcasts it once for everyone), the feed cache and the worker's wake-up do.

/**
 * Who may see a listing that `listing.published` announces (DESIGN.md §4): `everyone` for an own listing, `pro` for an
 * aggregated one in its first 24 hours, and `guests` when that delay is over and guests and basic users see it too.
 */
export type ListingAudience = 'everyone' | 'pro' | 'guests';

export interface DomainEventPayloads {
  'listing.published': { postId: number; audience: ListingAudience };
  'listing.updated': { postId: number };
  'listing.unpublished': { postId: number };
  /** The user as the API answers it, after a change of their tariff or roles. */
  'user.updated': User;
  /** A favourite added (`note`) or removed (`note: null`), for the user's other tabs and devices (issue 33). */
  'notes.changed': { userId: number; id: number; note: NoteEntry | null };
}

export type DomainEventName = keyof DomainEventPayloads;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventPayloads[K] } }[DomainEventName];
export type EventOf<K extends DomainEventName> = Extract<DomainEvent, { name: K }>;

export const LISTING_EVENTS = ['listing.published', 'listing.updated', 'listing.unpublished'] as const;
export type ListingEventName = (typeof LISTING_EVENTS)[number];
export type ListingEvent = EventOf<ListingEventName>;

export const isListingEvent = (event: DomainEvent): event is ListingEvent =>
  (LISTING_EVENTS as readonly string[]).includes(event.name);

/** PostgreSQL NOTIFY channel carrying listing events between the processes of one deployment. */
export const EVENT_RELAY_CHANNEL = 'autoradar_events';

/** Where a delivered event was announced: in this process, or in another one (through the relay). */
export type EventOrigin = 'here' | 'elsewhere';

export interface SubscribeOptions {
  /** Names the subscriber in logs and for observers. */
  subscriber: string;
  /** `here` (the default): only changes made by this process; `anywhere`: those of other processes too. */
  from?: 'here' | 'anywhere';
}

export interface EventDelivery {
  subscriber: string;
  event: DomainEvent;
  origin: EventOrigin;
  /** False when the subscriber threw or rejected (it was logged). */
  ok: boolean;
}

export interface DomainEventsLog {
  error(obj: object, msg: string): void;
}

export interface DomainEvents {
  /** Random per fan-out; the relay skips this process's own notifications by it. */
  readonly processId: string;
  /** Calls `handler` for every event named; returns the unsubscribe function. */
  on<K extends DomainEventName>(
    names: K | readonly K[],
    handler: (event: EventOf<K>, origin: EventOrigin) => unknown,
    opts: SubscribeOptions,
  ): () => void;
  /**
   * Announces a change that is committed already: to the subscribers here and, for a listing event, to the other
   * processes (with the database given at creation). Resolves when every subscriber is done; never rejects.
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEventPayloads[K]): Promise<void>;
  /**
   * Runs `work` in a transaction on `db`; what it announces reaches the other processes on commit and the subscribers
   * here right after the commit, and nothing is announced when the transaction fails.
   */
  transaction<T>(db: Db, work: (tx: DbTransaction, announce: (event: DomainEvent) => void) => Promise<T>): Promise<T>;
  /** Delivers what another process announced (event-relay.ts) to the subscribers that hear other processes. */
  receive(event: DomainEvent): Promise<void>;
  /** Sees every delivery to every subscriber (tests count them); returns the function that stops it. */
  observe(observer: (delivery: EventDelivery) => void): () => void;
}

interface Subscriber {
  names: ReadonlySet<DomainEventName>;
  handler: (event: DomainEvent, origin: EventOrigin) => unknown;
  name: string;
  from: 'here' | 'anywhere';
}

/** NOTIFYs sent by one statement (a source read announces a listing per new post). */
const NOTIFY_AT_ONCE = 100;

/**
 * Sends listing events to the other processes; inside a transaction they leave on its commit. One statement sends up
 * to NOTIFY_AT_ONCE of them, in order (a select list is evaluated left to right).
 */
async function notifyOtherProcesses(executor: Db | DbTransaction, processId: string, events: readonly DomainEvent[]) {
  const messages = events
    .filter(isListingEvent)
    .map((event) => JSON.stringify({ from: processId, name: event.name, payload: event.payload }));
  for (let at = 0; at < messages.length; at += NOTIFY_AT_ONCE) {
    const calls = messages
      .slice(at, at + NOTIFY_AT_ONCE)
      .map((message) => sql`pg_notify(${EVENT_RELAY_CHANNEL}, ${message})`);
    await executor.execute(sql`select ${sql.join(calls, sql`, `)}`);
  }
}

export function createDomainEvents(deps: {
  log: DomainEventsLog;
  /** Where `emit` sends listing events for the other processes; without it they stay in this process. */
  db?: Db;
}): DomainEvents {
  const processId = randomUUID();
  const subscribers: Subscriber[] = [];
  const observers = new Set<(delivery: EventDelivery) => void>();

  async function run(subscriber: Subscriber, event: DomainEvent, origin: EventOrigin): Promise<void> {
    let ok = true;
    try {
      await subscriber.handler(event, origin);
    } catch (err) {
      ok = false;
      deps.log.error(
        { err, event: event.name, subscriber: subscriber.name },
        `Событие ${event.name}: подписчик ${subscriber.name} завершился с ошибкой`,
      );
    }
    for (const observer of observers) observer({ subscriber: subscriber.name, event, origin, ok });
  }

  // A process's events reach its subscribers one after another, in the order they were announced or received.
  let queue: Promise<void> = Promise.resolve();
  function deliver(event: DomainEvent, origin: EventOrigin): Promise<void> {
    const turn = queue.then(async () => {
      const runs: Promise<void>[] = [];
      for (const subscriber of [...subscribers]) {
        if (!subscriber.names.has(event.name)) continue;
        if (origin === 'elsewhere' && subscriber.from === 'here') continue;
        runs.push(run(subscriber, event, origin));
      }
      await Promise.all(runs);
    });
    queue = turn;
    return turn;
  }

  return {
    processId,
    on(names, handler, opts) {
      const subscriber: Subscriber = {
        names: new Set<DomainEventName>(typeof names === 'string' ? [names] : names),
        handler: handler as Subscriber['handler'],
        name: opts.subscriber,
        from: opts.from ?? 'here',
      };
      subscribers.push(subscriber);
      return () => {
        const at = subscribers.indexOf(subscriber);
        if (at >= 0) subscribers.splice(at, 1);
      };
    },
    async emit(name, payload) {
      const event = { name, payload } as DomainEvent;
      if (deps.db && isListingEvent(event)) {
        await notifyOtherProcesses(deps.db, processId, [event]).catch((err: unknown) =>
          deps.log.error({ err, event: name }, `Событие ${name} не отправлено другим процессам`),
        );
      }
      await deliver(event, 'here');
    },
    async transaction(db, work) {
      const announced: DomainEvent[] = [];
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, (event) => announced.push(event));
        await notifyOtherProcesses(tx, processId, announced);
        return value;
      });
      for (const event of announced) await deliver(event, 'here');
      return result;
    },
    receive: (event) => deliver(event, 'elsewhere'),
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}
