import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { createStore } from 'jotai';
import { RealtimeClient } from '@autoradar/ui/realtime/client';
import {
  echoOptions,
  openEchoTransport,
  type EchoEndpoint,
  type RealtimeTransport,
} from '@autoradar/ui/realtime/connector';
import { realtimeStateAtom, type RealtimeState } from '@autoradar/ui/realtime/state';
import type { ConnectionState } from '@autoradar/core';

// Real clients with the apps' connection options (packages/ui/src/realtime/connector.ts): laravel-echo with the
// `reverb` broadcaster over pusher-js, websocket only.

export const GUARD_MS = 20_000;

export interface EchoTarget {
  wsPort: number;
  /** Where /broadcasting/auth is served (the HTTP port of the API). */
  httpUrl: string;
  key: string;
}

export type EchoClient = Echo<'reverb'>;

const endpointOf = (target: EchoTarget): EchoEndpoint => ({
  key: target.key,
  host: '127.0.0.1',
  port: target.wsPort,
  tls: false,
  authEndpoint: `${target.httpUrl}/broadcasting/auth`,
});

/**
 * A bare laravel-echo client with the apps' options and pusher-js's own reconnects (the apps' realtime client, with
 * the spec's policy, is `createRealtimeClient`).
 */
export function createEcho(target: EchoTarget, token?: string): EchoClient {
  return new Echo(echoOptions(endpointOf(target), token, Pusher));
}

export interface PolicyClient {
  client: RealtimeClient;
  state(): RealtimeState;
  /** Every state the transports reported, with the time. */
  states: { state: ConnectionState; at: number }[];
  /** When each try started (a connect of the client's reconnect policy, or the first one of a transport). */
  tries: number[];
}

/**
 * The apps' realtime client (packages/ui/src/realtime/client.ts: spec §9's reconnect policy) over the apps' transport
 * (connector.ts), in Node: its own store, the states and tries it went through.
 */
export function createRealtimeClient(target: EchoTarget, token?: string): PolicyClient {
  const store = createStore();
  const states: PolicyClient['states'] = [];
  const tries: number[] = [];
  const client = new RealtimeClient({
    store,
    createTransport: (current) => {
      const transport = openEchoTransport(endpointOf(target), current, { Echo, Pusher });
      tries.push(Date.now());
      const observed: RealtimeTransport = {
        ...transport,
        onStateChange: (listener) =>
          transport.onStateChange((state) => {
            states.push({ state, at: Date.now() });
            listener(state);
          }),
        connect: () => {
          tries.push(Date.now());
          transport.connect();
        },
      };
      return Promise.resolve(observed);
    },
  });
  if (token !== undefined) client.setToken(token);
  return { client, state: () => store.get(realtimeStateAtom), states, tries };
}

export function pusherOf(echo: EchoClient): Pusher {
  return echo.connector.pusher;
}

/** Resolves with the first call of the callback `register` hands out; rejects after the guard time. */
export function waitFor<T>(
  label: string,
  register: (done: (value: T) => void) => void,
  guardMs = GUARD_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`${label}: nothing within ${guardMs} ms`)), guardMs);
    let settled = false;
    register((value) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(value);
    });
  });
}

export function connected(echo: EchoClient): Promise<string> {
  const pusher = pusherOf(echo);
  return waitFor('connected', (done) => {
    if (pusher.connection.state === 'connected') done(pusher.connection.socket_id);
    pusher.connection.bind('connected', () => done(pusher.connection.socket_id));
  });
}

/** Collects the events one listener receives, in order, and hands them out one by one. */
export class Inbox<T = unknown> {
  private readonly items: T[] = [];
  private readonly waiters: ((item: T) => void)[] = [];

  readonly push = (item: T): void => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  };

  /**
   * The next event, or a rejection after the guard time. A waiter that gave up leaves the queue: left in it, it would
   * swallow the next event (the redis-stop suite's «cross again» loop lost every event that way).
   */
  next(label = 'event', guardMs = GUARD_MS): Promise<T> {
    const ready = this.items.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = (item: T) => {
        clearTimeout(guard);
        resolve(item);
      };
      const guard = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`${label}: nothing within ${guardMs} ms`));
      }, guardMs);
      this.waiters.push(waiter);
    });
  }

  get pending(): number {
    return this.items.length;
  }
}
