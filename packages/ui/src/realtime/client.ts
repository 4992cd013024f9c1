import { getDefaultStore } from 'jotai';
import {
  getChannelsToResubscribe,
  nextReconnectAttempt,
  RESUBSCRIBE_INTERVAL_MS,
  type ConnectionState,
} from '@autoradar/core';
import type { RealtimeEventName } from '@autoradar/contract';
import type { realtimeEvents } from '@autoradar/contract/realtime';
import { reduceRealtime, realtimeStateSourceAtom, type RealtimeAction } from './state';
import type { RealtimeTransport, TransportFactory } from './connector';

type Store = ReturnType<typeof getDefaultStore>;
type Handler = (payload: unknown) => void;

interface TrackedChannel {
  /** Event name → the handlers screens registered. */
  handlers: Map<string, Set<Handler>>;
  /** When the current subscription was asked for (a check soon after must not interrupt it). */
  requestedAt: number;
}

/** The contract's events and their payload schemas (classic zod: loaded with the transport, not with the entry). */
export type RealtimeEventSchemas = typeof realtimeEvents;

const loadContractEvents = () => import('@autoradar/contract/realtime').then((module) => module.realtimeEvents);

export interface RealtimeClientOptions {
  createTransport: TransportFactory;
  /** The contract's event schemas; by default loaded from the contract when the first connection opens. */
  loadEventSchemas?: () => Promise<RealtimeEventSchemas>;
  store?: Store;
  now?: () => number;
}

/**
 * The one realtime client (spec §4 Realtime connection, §9 reconnect and resubscribe). Screens register handlers per
 * channel and event; the client opens the connection when the first handler arrives, keeps the channels subscribed
 * across reconnects and token changes, and writes spec §3's realtime state to the store. Every channel asked for
 * while no connection is up (its code still loading, after the first card: issue 32) is kept and subscribed once one
 * is: nothing a screen asked for before is lost.
 */
export class RealtimeClient {
  private readonly tracked = new Map<string, TrackedChannel>();
  private readonly createTransport: TransportFactory;
  private readonly loadEventSchemas: () => Promise<RealtimeEventSchemas>;
  private eventSchemas: RealtimeEventSchemas | undefined;
  private readonly store: Store;
  private readonly now: () => number;
  private token: string | undefined;
  private transport: RealtimeTransport | null = null;
  /** Bumped by every open and close, so a stale transport's late answers are ignored. */
  private generation = 0;
  private opening = false;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribeTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: RealtimeClientOptions) {
    this.createTransport = options.createTransport;
    this.loadEventSchemas = options.loadEventSchemas ?? loadContractEvents;
    this.store = options.store ?? getDefaultStore();
    this.now = options.now ?? Date.now;
  }

  /**
   * Listens to `event` on `channel` (a Pusher name: `posts`, `post.42`, `private-user.7`); returns the function that
   * stops listening. Payloads of the contract's events are checked against its schemas; a malformed one is dropped.
   */
  subscribe(channel: string, event: string, handler: Handler): () => void {
    let entry = this.tracked.get(channel);
    if (!entry) {
      entry = { handlers: new Map(), requestedAt: this.now() };
      this.tracked.set(channel, entry);
      this.join(channel);
    }
    const handlers = entry.handlers.get(event) ?? new Set<Handler>();
    entry.handlers.set(event, handlers);
    // A wrapper per call, so one function registered twice is also removed twice.
    const listener: Handler = (payload) => handler(payload);
    handlers.add(listener);
    this.ensureOpen();

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      handlers.delete(listener);
      if (handlers.size === 0) entry.handlers.delete(event);
      if (entry.handlers.size === 0 && this.tracked.get(channel) === entry) this.forget(channel);
    };
  }

  /** The session's token: private channels are authorised with it. A change reconnects (a manual connect). */
  setToken(token: string | undefined): void {
    if (token === this.token) return;
    this.token = token;
    if (this.transport || this.opening) this.connect();
  }

  /** A manual connect: a fresh connection with the current token; the reconnect counter resets once it connects. */
  connect(): void {
    this.close();
    this.open();
  }

  /**
   * The user is back (the tab shown again, the network back): a manual connect if the policy has given up after its
   * five attempts; nothing while a connection is up or a try is still coming. Without it a tab that outlived a long
   * outage would stay without realtime until it is reloaded. Returns whether it connects again.
   */
  resume(): boolean {
    const gaveUp =
      this.attempts > 0 && this.reconnectTimer === undefined && nextReconnectAttempt(this.attempts) === null;
    if (!gaveUp || this.opening || this.store.get(realtimeStateSourceAtom).isConnected) return false;
    this.connect();
    return true;
  }

  /** Closes the connection; the tracked channels are kept and subscribed again by the next connect. */
  disconnect(): void {
    this.close();
    this.dispatch({ type: 'connection', state: 'disconnected', now: this.now() });
  }

  /** The channels screens listen to (tests, diagnostics). */
  trackedChannels(): string[] {
    return [...this.tracked.keys()];
  }

  private ensureOpen(): void {
    if (!this.transport && !this.opening) this.open();
  }

  private open(): void {
    const generation = ++this.generation;
    this.opening = true;
    // The events' schemas load once the transport has (the transport waits for the first card: nothing of the
    // realtime code comes before it).
    this.createTransport(this.token)
      .then(async (transport) => {
        try {
          return [transport, this.eventSchemas ?? (await this.loadEventSchemas())] as const;
        } catch (error) {
          transport.disconnect();
          throw error;
        }
      })
      .then(
        ([transport, schemas]) => {
          this.eventSchemas = schemas;
          if (generation !== this.generation) {
            transport.disconnect();
            return;
          }
          this.opening = false;
          this.transport = transport;
          transport.onStateChange((state) => {
            if (generation === this.generation) this.onConnectionState(state);
          });
          for (const channel of this.tracked.keys()) this.join(channel);
          this.resubscribeTimer = setInterval(() => this.resubscribe(), RESUBSCRIBE_INTERVAL_MS);
        },
        (error: unknown) => {
          if (generation !== this.generation) return;
          this.opening = false;
          // The client code could not load (offline at first use): the failure path retries under the same policy.
          console.warn('realtime: could not start', error);
          this.onConnectionState('failed');
        },
      );
  }

  private close(): void {
    this.generation++;
    this.opening = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    clearInterval(this.resubscribeTimer);
    this.resubscribeTimer = undefined;
    const transport = this.transport;
    this.transport = null;
    transport?.disconnect();
    for (const channel of this.store.get(realtimeStateSourceAtom).channels) {
      this.dispatch({ type: 'unsubscribed', channel });
    }
  }

  private onConnectionState(state: ConnectionState): void {
    const reconnect = this.dispatch({ type: 'connection', state, now: this.now() });
    if (state === 'connected') {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = undefined;
      // Every successful connect, the policy's own ones too, gives the next outage its 5 attempts (docs/decisions.md,
      // issue 31): since the transport no longer retries by itself, every outage goes through the policy.
      this.attempts = 0;
    }
    if (reconnect) this.scheduleReconnect();
  }

  /** Spec §9: at most 5 attempts, 1 s times the attempt number, capped at 10 s (core's reconnect policy). */
  private scheduleReconnect(): void {
    if (this.reconnectTimer !== undefined) return;
    const next = nextReconnectAttempt(this.attempts);
    if (!next) return;
    this.attempts = next.attempt;
    const generation = this.generation;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (generation !== this.generation) return;
      if (this.transport) this.transport.connect();
      else this.reopen();
    }, next.delayMs);
  }

  /** A reconnect when no transport came up at all (its code failed to load): try to create one again. */
  private reopen(): void {
    this.open();
  }

  /** Spec §9: every 5 s, while connected, each tracked channel that is not subscribed is subscribed again. */
  private resubscribe(): void {
    const state = this.store.get(realtimeStateSourceAtom);
    const now = this.now();
    for (const channel of getChannelsToResubscribe(this.tracked.keys(), state.channels, state.isConnected)) {
      const entry = this.tracked.get(channel);
      // A subscription asked for within the last interval may still be waiting for its authorisation.
      if (!entry || now - entry.requestedAt < RESUBSCRIBE_INTERVAL_MS) continue;
      this.join(channel);
    }
  }

  private join(channel: string): void {
    const entry = this.tracked.get(channel);
    const transport = this.transport;
    if (!entry || !transport) return;
    entry.requestedAt = this.now();
    const generation = this.generation;
    const current = () => generation === this.generation && this.tracked.get(channel) === entry;
    transport.join(channel, {
      event: (name, payload) => {
        if (current()) this.deliver(entry, channel, name, payload);
      },
      subscribed: () => {
        if (current()) this.dispatch({ type: 'subscribed', channel });
      },
      failed: () => {
        if (current()) this.dispatch({ type: 'unsubscribed', channel });
      },
    });
  }

  private forget(channel: string): void {
    this.tracked.delete(channel);
    this.transport?.leave(channel);
    this.dispatch({ type: 'unsubscribed', channel });
  }

  private deliver(entry: TrackedChannel, channel: string, event: string, payload: unknown): void {
    const handlers = entry.handlers.get(event);
    if (!handlers || handlers.size === 0) return;
    let data = payload;
    const schemas = this.eventSchemas;
    if (schemas && Object.hasOwn(schemas, event)) {
      const parsed = schemas[event as RealtimeEventName].payload.safeParse(payload);
      if (!parsed.success) {
        console.warn(`realtime: ${event} on ${channel} does not match the contract`, parsed.error.issues);
        return;
      }
      data = parsed.data;
    }
    for (const handler of [...handlers]) {
      try {
        handler(data);
      } catch (error) {
        // One screen's failing handler must not keep the event from the others.
        console.warn(`realtime: a handler of ${event} on ${channel} failed`, error);
      }
    }
  }

  private dispatch(action: RealtimeAction): boolean {
    const { state, reconnect } = reduceRealtime(this.store.get(realtimeStateSourceAtom), action);
    this.store.set(realtimeStateSourceAtom, state);
    return reconnect;
  }
}
