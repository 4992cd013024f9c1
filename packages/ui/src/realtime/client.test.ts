import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { ConnectionState } from '@autoradar/core';
import { POSTS_CHANNEL, REALTIME_EVENTS, realtimeEvents, userChannel } from '@autoradar/contract';
import { RealtimeClient } from './client';
import { realtimeStateAtom } from './state';
import type { ChannelCallbacks, RealtimeTransport } from './transport';

// pusher-js is the boundary here: a stand-in connection that the test drives (states, subscription answers, events).
// The real laravel-echo/pusher-js path runs against the real websocket server in tests/e2e/shell.browser.test.ts.
class FakeConnection implements RealtimeTransport {
  readonly joined = new Map<string, ChannelCallbacks>();
  readonly joins: string[] = [];
  readonly left: string[] = [];
  connects = 0;
  closed = false;
  private listener: ((state: ConnectionState) => void) | undefined;

  constructor(readonly token: string | undefined) {}
  onStateChange(listener: (state: ConnectionState) => void) {
    this.listener = listener;
    listener('connecting');
  }
  connect() {
    this.connects++;
  }
  disconnect() {
    this.closed = true;
  }
  join(channel: string, callbacks: ChannelCallbacks) {
    this.joins.push(channel);
    this.joined.set(channel, callbacks);
  }
  leave(channel: string) {
    this.left.push(channel);
    this.joined.delete(channel);
  }
  state(state: ConnectionState) {
    this.listener?.(state);
  }
  /** The server confirms every channel joined so far. */
  confirmAll() {
    for (const callbacks of this.joined.values()) callbacks.subscribed();
  }
  emit(channel: string, event: string, payload: unknown) {
    this.joined.get(channel)?.event(event, payload);
  }
}

function setup() {
  const store = createStore();
  const connections: FakeConnection[] = [];
  const client = new RealtimeClient({
    store,
    now: () => Date.now(),
    loadEventSchemas: () => Promise.resolve(realtimeEvents),
    createTransport: (token) => {
      const connection = new FakeConnection(token);
      connections.push(connection);
      return Promise.resolve(connection);
    },
  });
  const state = () => store.get(realtimeStateAtom);
  const latest = () => connections.at(-1)!;
  return { client, connections, state, latest };
}

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one connection for its first listener, delivers parsed events, and leaves a channel nobody listens to', async () => {
    const { client, connections, state, latest } = setup();
    client.setToken('secret');
    expect(connections).toHaveLength(0); // nothing to listen to, no socket

    const received: unknown[] = [];
    const stop = client.subscribe(userChannel(7), REALTIME_EVENTS.userUpdated, (p) => received.push(p));
    const alsoStop = client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postUnpublished, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(connections).toHaveLength(1);
    expect(latest().token).toBe('secret');
    expect(latest().joins).toEqual(['private-user.7', 'posts']);

    latest().state('connected');
    latest().confirmAll();
    expect(state().isConnected).toBe(true);
    expect([...state().channels].sort()).toEqual(['posts', 'private-user.7']);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    latest().emit('private-user.7', 'user.updated', { id: 7, is_pro: true });
    latest().emit('private-user.7', 'user.updated', { is_pro: true }); // no id: not the contract's shape, dropped
    expect(received).toEqual([{ id: 7, is_pro: true }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();

    stop();
    expect(latest().left).toEqual(['private-user.7']);
    expect([...state().channels]).toEqual(['posts']);
    latest().emit('private-user.7', 'user.updated', { id: 7, is_pro: false });
    expect(received).toHaveLength(1);
    alsoStop();
  });

  it('a token change reconnects with the new token and subscribes the channels again; the old socket is ignored', async () => {
    const { client, connections, state, latest } = setup();
    const received: unknown[] = [];
    client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postUnpublished, (p) => received.push(p));
    await vi.advanceTimersByTimeAsync(0);
    const guest = latest();
    guest.state('connected');
    guest.confirmAll();

    client.setToken('after-sign-in');
    await vi.advanceTimersByTimeAsync(0);
    expect(guest.closed).toBe(true);
    expect(connections).toHaveLength(2);
    expect(latest().token).toBe('after-sign-in');
    expect(latest().joins).toEqual(['posts']);

    guest.state('failed'); // a late report of the closed socket changes nothing
    guest.emit('posts', 'post.unpublished', { id: 1 });
    expect(state().error).toBeNull();
    expect(received).toEqual([]);

    latest().state('connected');
    latest().emit('posts', 'post.unpublished', { id: 2 });
    expect(received).toEqual([{ id: 2 }]);
  });

  it("a failed connection shows 'Connection failed' and retries 5 times, 1 s times the attempt; a manual connect resets the count", async () => {
    const { client, state, latest } = setup();
    client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postPublished, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const connection = latest();

    const retriesAfter: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      connection.state('failed');
      expect(state().error).toBe('Connection failed');
      const before = connection.connects;
      let waited = 0;
      while (connection.connects === before && waited < 20_000) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      if (connection.connects > before) retriesAfter.push(waited);
    }
    expect(retriesAfter).toEqual([1000, 2000, 3000, 4000, 5000]);

    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    const fresh = latest();
    fresh.state('connected');
    expect(state()).toMatchObject({ isConnected: true, error: null });
    fresh.state('failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fresh.connects).toBe(1);
  });

  it('once the policy has given up, the user coming back (resume) connects again; before that it does nothing', async () => {
    const { client, connections, state, latest } = setup();
    client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postPublished, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    latest().state('connected');
    expect(client.resume()).toBe(false); // connected: nothing to do

    latest().state('failed');
    expect(client.resume()).toBe(false); // the policy's first try is still coming
    for (let attempt = 1; attempt <= 5; attempt++) {
      await vi.advanceTimersByTimeAsync(attempt * 1000);
      latest().state('failed');
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(latest().connects).toBe(5);
    expect(connections).toHaveLength(1);

    expect(client.resume()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(connections).toHaveLength(2);
    latest().confirmAll();
    latest().state('connected');
    expect(state()).toMatchObject({ isConnected: true, error: null });
    expect(state().channels.has(POSTS_CHANNEL)).toBe(true);
  });

  it('every 5 s, while connected, a channel the server did not confirm is subscribed again', async () => {
    const { client, latest } = setup();
    client.setToken('t');
    client.subscribe(userChannel(3), REALTIME_EVENTS.userUpdated, () => undefined);
    client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postPublished, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const connection = latest();
    connection.state('connected');
    connection.joined.get('posts')!.subscribed();
    connection.joined.get('private-user.3')!.failed(); // e.g. the authorisation answered 403

    await vi.advanceTimersByTimeAsync(5000);
    expect(connection.joins).toEqual(['private-user.3', 'posts', 'private-user.3']);

    connection.state('unavailable'); // not connected: nothing to resubscribe to
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connection.joins).toHaveLength(3);
  });

  it('keeps what screens ask for while its code waits (the first card, issue 32) and subscribes it all when it comes', async () => {
    const store = createStore();
    const connections: FakeConnection[] = [];
    let release: () => void = () => undefined;
    const firstCard = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = new RealtimeClient({
      store,
      loadEventSchemas: () => Promise.resolve(realtimeEvents),
      createTransport: async (token) => {
        await firstCard;
        const connection = new FakeConnection(token);
        connections.push(connection);
        return connection;
      },
    });
    const changes: unknown[] = [];
    client.subscribe(POSTS_CHANNEL, REALTIME_EVENTS.postUnpublished, () => undefined);
    client.setToken('signed-in'); // the session is read after the first subscription
    client.subscribe(userChannel(7), REALTIME_EVENTS.notesChanged, (p) => changes.push(p));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connections).toHaveLength(0); // nothing before the first card

    release();
    await vi.advanceTimersByTimeAsync(0);
    // The one asked for before the token change is closed as it comes; the current one has the token and every channel.
    expect(connections.map((c) => [c.token, c.closed])).toEqual([
      [undefined, true],
      ['signed-in', false],
    ]);
    const connection = connections[1]!;
    expect(connection.token).toBe('signed-in');
    expect(connection.joins).toEqual(['posts', 'private-user.7']);
    connection.state('connected');
    connection.confirmAll();
    connection.emit('private-user.7', 'notes.changed', { id: 5, note: null });
    expect(changes).toEqual([{ id: 5, note: null }]);
  });
});
