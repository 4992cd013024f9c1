// Fault suite (issue 31): the websocket server restarted with 200 laravel-echo clients connected (100 signed in,
// each on its private channel and the public feed; 100 guests on the feed): every client comes back and is
// subscribed again, private channels re-authorised, and receives the next events. Then a client that never reads is
// cut off while 200 others keep up, and the server's memory stays bounded.
// `pnpm test:faults websocket-restart`; figures in docs/reliability.md.
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@autoradar/db';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { buildApp } from '@autoradar/api/app';
import { silentLog } from '@autoradar/api/realtime/log';
import { publishPostPublished, publishUserUpdated } from '@autoradar/api/realtime/publish-events';
import { realtimeServerOptions } from '@autoradar/api/realtime/realtime.plugin';
import { RealtimeServer } from '@autoradar/api/realtime/websocket-server';
import { signIn, testConfig } from '@autoradar/api/testing/test-app';
import { samplePost } from '@autoradar/contract/fixtures';
import { getReconnectDelay, RECONNECT_MAX_ATTEMPTS } from '@autoradar/core';
import { createEcho, pusherOf, type EchoClient } from '../realtime/support';
import { reportFigures } from './support/figures';

const SIGNED_IN = 100;
const GUESTS = 100;
const REVERB = {
  REVERB_APP_ID: 'fault-test',
  REVERB_APP_KEY: 'fault-test-key',
  REVERB_APP_SECRET: 'fault-test-secret-long-enough-for-the-rule',
  HOST: '127.0.0.1',
};

interface Client {
  echo: EchoClient;
  userId: number | null;
  /** Channels subscribed since the last reset. */
  subscribed: Set<string>;
  feed: number;
  own: number;
  reconnectedAt: number | null;
  /** Connection attempts since the restart (each time pusher-js enters `connecting`). */
  attempts: number;
}

describe('websocket server restarted under 200 clients', () => {
  const config = testConfig(REVERB);
  let db: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let realtime: RealtimeServer;
  let httpUrl: string;
  let wsPort = 0;
  const clients: Client[] = [];

  const startRealtime = async (port: number) => {
    const server = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port } }, app.realtimeBus, silentLog),
    );
    wsPort = (await server.listen()).port;
    return server;
  };

  beforeAll(async () => {
    db = await createTestDb({ name: 'pglite' });
    app = await buildApp({ config, db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    httpUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    realtime = await startRealtime(0);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.echo.disconnect();
    await realtime?.close();
    await app?.close();
    await db?.close();
  });

  const until = async (label: string, check: () => boolean, guardMs: number) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > guardMs) throw new Error(`${label}: not within ${guardMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  };

  it('brings every client back, subscribed again, and cuts off one that never reads', async () => {
    const users = await Promise.all(Array.from({ length: SIGNED_IN }, () => signIn(db)));
    for (let i = 0; i < SIGNED_IN + GUESTS; i++) {
      const user = users[i] ?? null;
      const echo = createEcho({ wsPort, httpUrl, key: config.reverb.key }, user?.token);
      const client: Client = {
        echo,
        userId: user?.id ?? null,
        subscribed: new Set(),
        feed: 0,
        own: 0,
        reconnectedAt: null,
        attempts: 0,
      };
      const feed = echo.channel('posts').listen('.post.published', () => (client.feed += 1));
      feed.subscribed(() => client.subscribed.add('posts'));
      if (user) {
        const own = echo.private(`user.${user.id}`).listen('.user.updated', () => (client.own += 1));
        own.subscribed(() => client.subscribed.add('private'));
      }
      clients.push(client);
    }
    const expected = (client: Client) => (client.userId === null ? 1 : 2);
    const allSubscribed = () => clients.every((client) => client.subscribed.size === expected(client));
    const firstSubscribeMs = await until('first subscriptions', allSubscribed, 60_000);
    console.log(`200 clients subscribed in ${firstSubscribeMs} ms`);

    // Restart: every client is closed with 4200 and the server comes back on the same port.
    for (const client of clients) {
      client.subscribed.clear();
      const connection = pusherOf(client.echo).connection;
      connection.bind('connected', () => (client.reconnectedAt ??= Date.now()));
      connection.bind('state_change', ({ current }: { current: string }) => {
        if (current === 'connecting' && client.reconnectedAt === null) client.attempts += 1;
      });
    }
    const port = wsPort;
    const restartedAt = Date.now();
    await realtime.close();
    realtime = await startRealtime(port);
    const backMs = await until('every client subscribed again', allSubscribed, 90_000);
    console.log(`every client back and subscribed ${backMs} ms after the restart`);
    // The spec's reconnect policy (§9): at most 5 attempts, 1 s times the attempt, capped at 10 s.
    const attempts = Math.max(...clients.map((client) => client.attempts));
    expect(attempts).toBeLessThanOrEqual(RECONNECT_MAX_ATTEMPTS);
    let policyMs = 0;
    for (let attempt = 1; attempt <= RECONNECT_MAX_ATTEMPTS; attempt++) policyMs += getReconnectDelay(attempt)!;
    const reconnects = clients
      .map((client) => (client.reconnectedAt ?? restartedAt) - restartedAt)
      .sort((a, b) => a - b);

    await publishPostPublished(app.broadcaster, samplePost);
    await Promise.all(users.map((user) => publishUserUpdated(app.broadcaster, { id: user.id, is_pro: true })));
    await until('every client received the feed event', () => clients.every((c) => c.feed === 1), 30_000);
    await until(
      'every signed-in client received its own event',
      () => clients.every((c) => c.userId === null || c.own === 1),
      30_000,
    );
    expect(realtime.stats().connections).toBe(SIGNED_IN + GUESTS);

    // A client that subscribes and then never reads, beside the 200, under a burst of big events on its channel.
    const stalled = new WebSocket(`ws://127.0.0.1:${wsPort}/app/${config.reverb.key}?protocol=7`);
    const stalledClosed = new Promise<number>((resolve) => stalled.on('close', (code) => resolve(code)));
    stalled.on('error', () => undefined);
    await new Promise((resolve) => stalled.once('message', resolve));
    // A listing card's channel of its own, so the burst goes to it alone and not to the 200.
    stalled.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'post.999999' } }));
    await new Promise((resolve) => stalled.once('message', resolve));
    const stalledSocket = (stalled as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    stalledSocket.pause();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const data = JSON.stringify({ filler: 'x'.repeat(8_000) });
    let sent = 0;
    for (; sent < 20_000 && realtime.stats().droppedSlowConsumers === 0; sent++) {
      await app.realtimeBus.publish({ channels: ['post.999999'], event: 'big', data });
      if (sent % 8 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }
    }
    expect(realtime.stats().droppedSlowConsumers).toBe(1);
    // A paused socket reads nothing, not even the end of the connection: read again to see that it was cut.
    stalledSocket.resume();
    await stalledClosed;
    expect(realtime.stats().connections).toBe(SIGNED_IN + GUESTS);

    reportFigures('websocket-restart', {
      clients: SIGNED_IN + GUESTS,
      privateChannels: SIGNED_IN,
      firstSubscribeSeconds: Number((firstSubscribeMs / 1000).toFixed(1)),
      allBackAndSubscribedSeconds: Number((backMs / 1000).toFixed(1)),
      reconnectPolicySeconds: policyMs / 1000,
      reconnectAttemptsMax: attempts,
      reconnectSecondsMedian: Number((reconnects[Math.floor(reconnects.length / 2)]! / 1000).toFixed(1)),
      reconnectSecondsMax: Number((reconnects[reconnects.length - 1]! / 1000).toFixed(1)),
      eventsToCutOffStalledClient: sent,
      rssGrowthMbWhileStalled: Math.round((rssPeak - rssBefore) / 1_048_576),
    });
  }, 900_000);
});
