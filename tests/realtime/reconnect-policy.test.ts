import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_MAX_ATTEMPTS } from '@autoradar/core';
import { createRealtimeClient, type PolicyClient } from './support';

// Spec §9's reconnect policy as the apps run it: the apps' realtime client (packages/ui/src/realtime/client.ts) over
// the apps' transport (connector.ts: laravel-echo and pusher-js, one try per connect), against a websocket server
// that goes away and comes back. The clock is faked (pusher-js's timers and the client's); the sockets are real.
// Before issue 31's fix pusher-js retried on its own at once after the close and then sat out its 15 s try timeout
// on the refused port: one `connecting` state, no `failed`, the policy never ran.

// Captured before the clock is faked: real time for the sockets to answer between fake steps.
const realSetTimeout = globalThis.setTimeout;
const realSleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/** A Pusher protocol 7 server as small as the client needs: the handshake and public subscriptions. */
class TinyPusherServer {
  private http: Server | null = null;
  private wss: WebSocketServer | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (socket) => {
      socket.send(
        JSON.stringify({
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: '1.1', activity_timeout: 120 }),
        }),
      );
      socket.on('message', (raw) => {
        const message = JSON.parse((raw as Buffer).toString('utf8')) as { event: string; data?: { channel?: string } };
        if (message.event === 'pusher:subscribe') {
          socket.send(
            JSON.stringify({
              event: 'pusher_internal:subscription_succeeded',
              channel: message.data?.channel,
              data: '{}',
            }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    this.port = (http.address() as AddressInfo).port;
    this.http = http;
    this.wss = wss;
  }

  /** Every client closed with 4200 (pusher-js: "reconnect at once"), then the port closed. */
  async stop(): Promise<void> {
    const { http, wss } = this;
    this.http = null;
    this.wss = null;
    for (const socket of wss?.clients ?? []) socket.close(4200, 'Server restarting');
    await realSleep(20);
    for (const socket of wss?.clients ?? []) socket.terminate();
    wss?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
  }
}

describe("the apps' realtime client reconnects by spec §9's policy", () => {
  const server = new TinyPusherServer();
  let policy: PolicyClient;

  beforeEach(async () => {
    await server.start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(async () => {
    policy?.client.disconnect();
    vi.useRealTimers();
    await server.stop();
  });

  /**
   * Moves the fake clock in 100 ms steps, letting the sockets answer after each, until `done` or `ms` passed; then
   * gives the sockets (and the first import of the events' schemas) up to 5 s of real time to bring `done` about.
   */
  const run = async (ms: number, done?: () => boolean) => {
    for (let waited = 0; waited < ms && !done?.(); waited += 100) {
      await vi.advanceTimersByTimeAsync(100);
      await realSleep(5);
      // A try under way holds the clock until its socket answers (a loaded machine may take a while to refuse).
      for (let i = 0; i < 1000 && policy.states.at(-1)?.state === 'connecting'; i++) {
        await vi.advanceTimersByTimeAsync(0);
        await realSleep(5);
      }
    }
    for (let i = 0; done && i < 1000 && !done(); i++) {
      await vi.advanceTimersByTimeAsync(0);
      await realSleep(5);
    }
  };
  const subscribed = () => policy.state().channels.has('posts');

  it('after a close: tries 1 s, 2 s, 3 s, 4 s and 5 s apart, then stops with the error; a connect starts again', async () => {
    policy = createRealtimeClient({ wsPort: server.port, httpUrl: 'http://127.0.0.1:1', key: 'k' });
    policy.client.subscribe('posts', 'post.published', () => undefined);
    await run(2_000, subscribed);
    expect(subscribed()).toBe(true);
    expect(policy.tries).toHaveLength(1);

    await server.stop();
    await run(0, () => policy.state().error !== null);
    const closedAt = Date.now();
    expect(policy.state()).toMatchObject({ isConnected: false, error: 'Connection failed' });
    expect(policy.state().channels.size).toBe(0);

    // The port stays closed: every try is refused at once, the next one waits for the policy.
    await run(30_000);
    const tries = policy.tries.slice(1).map((at) => at - closedAt);
    expect(tries).toHaveLength(RECONNECT_MAX_ATTEMPTS);
    // 1 s times the attempt after the previous one ended (each refusal came within the fake step it started in).
    const gaps = tries.map((at, i) => at - (i === 0 ? 0 : tries[i - 1]!));
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual((i + 1) * 1000);
      expect(gap).toBeLessThanOrEqual((i + 1) * 1000 + 100);
    });
    expect(policy.state()).toMatchObject({ isConnected: false, isReconnecting: false, error: 'Connection failed' });

    // A manual connect once the server is back: connected, subscribed again, the error cleared.
    await server.start(server.port);
    policy.client.connect();
    await run(2_000, subscribed);
    expect(policy.state()).toMatchObject({ isConnected: true, error: null });
    expect(subscribed()).toBe(true);
  });

  it('a server back within the policy: connected at the first try after it is back, and the next outage has its 5 attempts again', async () => {
    policy = createRealtimeClient({ wsPort: server.port, httpUrl: 'http://127.0.0.1:1', key: 'k' });
    policy.client.subscribe('posts', 'post.published', () => undefined);
    await run(2_000, subscribed);
    const port = server.port;

    for (let outage = 1; outage <= 3; outage++) {
      const triesBefore = policy.tries.length;
      await server.stop();
      await run(0, () => !policy.state().isConnected);
      const closedAt = Date.now();
      // Down for 4.5 s: the tries at 1 s and 3 s are refused, the one at 6 s connects.
      await run(4_500);
      await server.start(port);
      await run(10_000, subscribed);
      expect(subscribed()).toBe(true);
      const tries = policy.tries.slice(triesBefore).map((at) => at - closedAt);
      expect(tries).toHaveLength(3);
      expect(tries[2]).toBeGreaterThanOrEqual(6_000);
      expect(tries[2]).toBeLessThanOrEqual(6_300);
      expect(policy.state()).toMatchObject({ isConnected: true, error: null });
    }
  });
});
