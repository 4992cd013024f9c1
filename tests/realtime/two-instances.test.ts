import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '@autoradar/api/realtime/testing/test-socket';
import { freshRealtimeApp, startInstances, stopInstances, triggerThrough, type Instance } from './instances';
import { connected, createEcho, Inbox, pusherOf, waitFor, type EchoClient } from './support';

// Two API processes as `pnpm start` runs them (each its own embedded database), one Redis between them: an event
// published through either reaches the clients of both. Needs the machine's Redis on 127.0.0.1:6379, as CI starts it.
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

describe('two API instances with one Redis', () => {
  const app = freshRealtimeApp('two-instances');
  let instances: Instance[] = [];
  const echoes: EchoClient[] = [];

  beforeAll(async () => {
    instances = await startInstances(2, { redisUrl: REDIS_URL, app });
  });
  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    await stopInstances(instances);
  });

  const sdk = (wsPort: number) => triggerThrough(app, wsPort);

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
