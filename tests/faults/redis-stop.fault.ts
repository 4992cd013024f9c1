// Fault suite (issue 31): two API processes share one Redis for realtime; Redis is killed and started again. While it
// is down each instance keeps serving its own clients (an event published through an instance reaches that
// instance's clients) and the API answers; when Redis is back, events cross between the instances again with no
// restart of either. `pnpm test:faults redis-stop`; figures in docs/reliability.md.
import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, tempDataDir, type RunningServer } from '../support/server';
import { connected, createEcho, Inbox, waitFor, type EchoClient } from '../realtime/support';
import { reportFigures } from './support/figures';
import { startOwnRedis, type OwnRedis } from './support/own-redis';

describe('Redis stopped and started under two API instances', () => {
  const app = { id: `fault-${randomBytes(4).toString('hex')}`, key: 'fault-redis-key', secret: 'fault-redis-secret' };
  const instances: { server: RunningServer; wsPort: number }[] = [];
  const echoes: EchoClient[] = [];
  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((wsPort) =>
        startServer({
          DATA_DIR: tempDataDir(),
          DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
          REDIS_URL: redis.url,
          REVERB_APP_ID: app.id,
          REVERB_APP_KEY: app.key,
          REVERB_APP_SECRET: app.secret,
          REVERB_PORT: String(wsPort),
        }),
      ),
    );
    servers.forEach((server, i) => instances.push({ server, wsPort: ports[i]! }));
  }, 240_000);
  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    await Promise.all(instances.filter((i) => i.server.child.exitCode === null).map((i) => i.server.stop()));
    await redis?.stop();
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

  const listen = async (wsPort: number, url: string) => {
    const echo = createEcho({ wsPort, httpUrl: url, key: app.key });
    echoes.push(echo);
    await connected(echo);
    const inbox = new Inbox();
    const channel = echo.channel('posts').listen('.post.published', inbox.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));
    return inbox;
  };

  it('degrades to each instance alone while Redis is down and crosses again when it is back', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const onA = await listen(a.wsPort, a.server.url);
    const onB = await listen(b.wsPort, b.server.url);

    await sdk(b.wsPort).trigger('posts', 'post.published', { post: { id: 1 } });
    expect(await onA.next()).toEqual({ post: { id: 1 } });
    expect(await onB.next()).toEqual({ post: { id: 1 } });

    await redis.stop();
    const downAt = Date.now();
    // Each instance still serves its own clients and answers HTTP.
    await sdk(a.wsPort)
      .trigger('posts', 'post.published', { post: { id: 2 } })
      .catch(() => undefined);
    expect(await onA.next('local delivery while Redis is down')).toEqual({ post: { id: 2 } });
    const health = await fetch(`${b.server.url}/api/health`);
    expect(health.status).toBeLessThan(500);
    const crossedWhileDown = await onB.next('cross while down', 3_000).then(
      () => true,
      () => false,
    );

    await redis.start();
    const upAt = Date.now();
    // Events cross again without a restart (the clients reconnect to Redis by themselves).
    let crossedAt: number | null = null;
    for (let id = 100; crossedAt === null && Date.now() - upAt < 60_000; id++) {
      await sdk(b.wsPort)
        .trigger('posts', 'post.published', { post: { id } })
        .catch(() => undefined);
      const got = await onA.next('cross again', 1_000).then(
        () => true,
        () => false,
      );
      if (got) crossedAt = Date.now();
    }
    if (crossedAt === null) console.log(a.server.output().slice(-3000), b.server.output().slice(-3000));
    expect(crossedAt).not.toBeNull();
    expect(a.server.child.exitCode).toBeNull();
    expect(b.server.child.exitCode).toBeNull();
    reportFigures('redis-stop', {
      downSeconds: Number(((upAt - downAt) / 1000).toFixed(1)),
      localDeliveryWhileDown: true,
      crossedWhileDown,
      crossAgainSecondsAfterStart: Number(((crossedAt! - upAt) / 1000).toFixed(1)),
      apiRestarts: 0,
    });
  }, 240_000);
});
