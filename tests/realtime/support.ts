import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

// Real clients as the apps use them: laravel-echo with the `reverb` broadcaster over pusher-js, websocket only.

export const GUARD_MS = 20_000;

export interface EchoTarget {
  wsPort: number;
  /** Where /broadcasting/auth is served (the HTTP port of the API). */
  httpUrl: string;
  key: string;
}

export type EchoClient = Echo<'reverb'>;

export function createEcho(target: EchoTarget, token?: string): EchoClient {
  return new Echo({
    broadcaster: 'reverb',
    key: target.key,
    wsHost: '127.0.0.1',
    wsPort: target.wsPort,
    wssPort: target.wsPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint: `${target.httpUrl}/broadcasting/auth`,
    // A fresh headers object per client: Echo's `bearerToken` option writes into a default object that every Echo
    // instance shares, so a second client (a guest after a sign-out) would still send the first one's token.
    auth: { headers: { Authorization: token === undefined ? '' : `Bearer ${token}` } },
    Pusher,
    withoutInterceptors: true,
  });
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
