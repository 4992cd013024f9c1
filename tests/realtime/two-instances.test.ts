import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '@autoradar/api/realtime/testing/test-socket';
import { freePort, startServer, tempDataDir, type RunningServer } from '../support/server';
import { connected, createEcho, Inbox, pusherOf, waitFor, type EchoClient } from './support';

// Two API processes as `pnpm start` runs them (each its own embedded database), one Redis between them: an event
// published through either reaches the clients of both. Needs the machine's Redis on 127.0.0.1:6379, as CI starts it.
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

describe('two API instances with one Redis', () => {
  // A fresh app id, so runs side by side on the same Redis never hear each other.
  const app = { id: `two-${randomBytes(4).toString('hex')}`, key: 'two-instances-key', secret: 'two-instances-secret' };
  const instances: { server: RunningServer; wsPort: number }[] = [];
  const echoes: EchoClient[] = [];

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((wsPort) =>
        startServer({
          DATA_DIR: tempDataDir(),
          DEMO_DATA: 'false',
          REDIS_URL,
          REVERB_APP_ID: app.id,
          REVERB_APP_KEY: app.key,
          REVERB_APP_SECRET: app.secret,
          REVERB_PORT: String(wsPort),
        }),
      ),
    );
    servers.forEach((server, i) => instances.push({ server, wsPort: ports[i]! }));
  });
  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    await Promise.all(instances.filter((i) => i.server.child.exitCode === null).map((i) => i.server.stop()));
  });

  const sdk = (wsPort: number) =>
    new PusherServer({
      appId: app.id,
      key: app.key,
      secret: app.secret,
      host: '127.0.0.1',
      port: String(wsPort),
      useTLS: false,
    });

  it('print where the websocket server listens and that events go through Redis', () => {
    for (const { server, wsPort } of instances) {
      expect(server.output()).toContain(
        `ws://127.0.0.1:${wsPort}/app/${app.key}; события через Redis между экземплярами`,
      );
    }
  });

  it('deliver an event published through instance B to an Echo client on instance A, and the other way round', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const echo = createEcho({ wsPort: a.wsPort, httpUrl: a.server.url, key: app.key });
    echoes.push(echo);
    await connected(echo);
    const onA = new Inbox();
    const channel = echo.channel('posts').listen('.post.published', onA.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));

    const { socket: onB } = await TestSocket.connect(`ws://127.0.0.1:${b.wsPort}/app/${app.key}?protocol=7`);
    expect((await onB.subscribe('posts')).event).toBe('pusher_internal:subscription_succeeded');

    await sdk(b.wsPort).trigger('posts', 'post.published', { post: { id: 1 } });
    expect(await onA.next()).toEqual({ post: { id: 1 } });
    expect(await onB.next()).toMatchObject({ event: 'post.published', channel: 'posts', data: { post: { id: 1 } } });

    await sdk(a.wsPort).trigger('posts', 'post.published', { post: { id: 2 } });
    expect(await onB.next()).toMatchObject({ event: 'post.published', data: { post: { id: 2 } } });
    expect(await onA.next()).toEqual({ post: { id: 2 } });
    onB.close();
  });

  it('close their clients with 4200 on SIGTERM, while the other instance keeps serving', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const { socket: onA } = await TestSocket.connect(`ws://127.0.0.1:${a.wsPort}/app/${app.key}?protocol=7`);
    const echo = createEcho({ wsPort: b.wsPort, httpUrl: b.server.url, key: app.key });
    echoes.push(echo);
    await connected(echo);
    const onB = new Inbox();
    const channel = echo.channel('posts').listen('.post.published', onB.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));

    const exited = a.server.stop();
    expect(await onA.closed).toEqual({ code: 4200, reason: 'Server shutting down' });
    expect(await exited).toBe(0);

    await sdk(b.wsPort).trigger('posts', 'post.published', { post: { id: 3 } });
    expect(await onB.next()).toEqual({ post: { id: 3 } });
    expect(pusherOf(echo).connection.state).toBe('connected');
  });
});
