// Fault suite (issue 31): two API processes share one Redis for realtime and for the rate limits; Redis is killed
// and started again 20 s later. While it is down each instance keeps serving its own clients (an event published through an
// instance reaches that instance's clients), the API answers, and the limits let requests through rather than lock
// anyone out; when Redis is back, events cross between the instances again and the two count one limit together
// again, with no restart of either. `pnpm test:faults redis-stop`; figures in docs/reliability.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@autoradar/api/http/rate-limits';
import { freshRealtimeApp, startInstances, stopInstances, triggerThrough, type Instance } from '../realtime/instances';
import { connected, createEcho, Inbox, waitFor, type EchoClient } from '../realtime/support';
import { reportFigures } from './support/figures';
import { startOwnRedis, type OwnRedis } from './support/own-redis';

/** POST /api/client-errors: no sign-in, limited per address (30 a minute), shared through Redis. */
const LIMIT = RATE_LIMITS.clientError.ip;
/** How long Redis stays down: a real outage, as long as the postgres-stop suite's. */
const DOWN_MS = 20_000;

describe('Redis stopped and started under two API instances', () => {
  const app = freshRealtimeApp('fault-redis');
  let instances: Instance[] = [];
  const echoes: EchoClient[] = [];
  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await startOwnRedis();
    // Two API processes starting side by side on a loaded two-core machine took more than the usual 120 s.
    instances = await startInstances(2, { redisUrl: redis.url, app, env: { LOG_LEVEL: 'info' }, timeoutMs: 420_000 });
  }, 480_000);
  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    await stopInstances(instances);
    await redis?.stop();
  });

  const listen = async (instance: Instance) => {
    const echo = createEcho({ wsPort: instance.wsPort, httpUrl: instance.server.url, key: app.key });
    echoes.push(echo);
    await connected(echo);
    const inbox = new Inbox();
    const channel = echo.channel('posts').listen('.post.published', inbox.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));
    return inbox;
  };

  /** One client error report from this machine's address, through the given instance: its status. */
  const report = async (instance: Instance) =>
    (
      await fetch(`${instance.server.url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ message: 'fault suite', url: '/search', stack: null }),
      })
    ).status;

  it('degrades to each instance alone while Redis is down and works together again when it is back', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const onA = await listen(a);
    const onB = await listen(b);

    // Redis up: events cross, and the limit is one count for both instances (half the reports through each).
    await triggerThrough(app, b.wsPort).trigger('posts', 'post.published', { post: { id: 1 } });
    expect(await onA.next()).toEqual({ post: { id: 1 } });
    expect(await onB.next()).toEqual({ post: { id: 1 } });
    const before: number[] = [];
    for (let i = 0; i < LIMIT; i++) before.push(await report(i % 2 === 0 ? a : b));
    expect(before.every((status) => status === 204)).toBe(true);
    expect([await report(a), await report(b)]).toEqual([429, 429]);

    await redis.stop();
    const downAt = Date.now();
    // Down for DOWN_MS (as the postgres-stop suite): every ~2 s an event through A, the health of both, and two
    // reports. Each instance still serves its own clients and answers HTTP, never a 5xx, never a hang; the limits let
    // requests through rather than lock anyone out; nothing crosses between the instances (pub/sub keeps nothing).
    const whileDown: number[] = [];
    const healthWhileDown: number[] = [];
    let localWhileDown = 0;
    let crossedWhileDown = 0;
    let slowestWhileDownMs = 0;
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const result = await work();
      slowestWhileDownMs = Math.max(slowestWhileDownMs, Date.now() - started);
      return result;
    };
    for (let id = 2; Date.now() - downAt < DOWN_MS; id++) {
      const roundAt = Date.now();
      await timed(() =>
        triggerThrough(app, a.wsPort)
          .trigger('posts', 'post.published', { post: { id } })
          .catch(() => undefined),
      );
      expect(await onA.next('local delivery while Redis is down')).toEqual({ post: { id } });
      localWhileDown += 1;
      for (const instance of [a, b]) {
        healthWhileDown.push(await timed(async () => (await fetch(`${instance.server.url}/api/health`)).status));
        whileDown.push(await timed(() => report(instance)));
      }
      const waitMs = Math.max(500, 2_000 - (Date.now() - roundAt));
      if (
        await onB.next('cross while down', waitMs).then(
          () => true,
          () => false,
        )
      )
        crossedWhileDown += 1;
    }
    expect(healthWhileDown.filter((status) => status >= 500)).toEqual([]);
    expect(whileDown.filter((status) => status >= 500)).toEqual([]);
    expect(whileDown.filter((status) => status === 204).length).toBeGreaterThan(0);
    expect(crossedWhileDown).toBe(0);

    await redis.start();
    const upAt = Date.now();
    // Events cross again without a restart (the instances reconnect to Redis by themselves).
    let crossedAt: number | null = null;
    for (let id = 100; crossedAt === null && Date.now() - upAt < 60_000; id++) {
      await triggerThrough(app, b.wsPort)
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

    // The limit counts again, in the new Redis, for both instances together: reports go through both in turn until
    // both refuse. The count started afresh (the stopped Redis kept nothing), so both refuse after LIMIT reports
    // counted in Redis; reports made while an instance was not yet reconnected pass uncounted.
    let sentAfter = 0;
    let limitedAgainAt: number | null = null;
    const afterStatuses: number[] = [];
    while (limitedAgainAt === null && Date.now() - upAt < 60_000) {
      const pair = [await report(a), await report(b)];
      afterStatuses.push(...pair);
      sentAfter += 2;
      if (pair[0] === 429 && pair[1] === 429) limitedAgainAt = Date.now();
    }
    expect(afterStatuses.filter((status) => status >= 500)).toEqual([]);
    expect(limitedAgainAt).not.toBeNull();
    // Counted together: each instance alone would have let LIMIT through, two of them 2 × LIMIT.
    expect(afterStatuses.filter((status) => status === 204).length).toBeLessThan(2 * LIMIT);
    expect(a.server.child.exitCode).toBeNull();
    expect(b.server.child.exitCode).toBeNull();
    reportFigures('redis-stop', {
      downSeconds: Number(((upAt - downAt) / 1000).toFixed(1)),
      localDeliveriesWhileDown: localWhileDown,
      crossedWhileDown,
      healthWhileDown: healthWhileDown.length,
      slowestAnswerWhileDownMs: slowestWhileDownMs,
      crossAgainSecondsAfterStart: Number(((crossedAt! - upAt) / 1000).toFixed(1)),
      limitBeforeStop: `${LIMIT} accepted through two instances, then 429 from both`,
      reportsWhileDown: whileDown.length,
      acceptedWhileDown: whileDown.filter((status) => status === 204).length,
      limitedAgainSecondsAfterStart: Number(((limitedAgainAt! - upAt) / 1000).toFixed(1)),
      acceptedAfterStartBeforeLimit: afterStatuses.filter((status) => status === 204).length,
      reportsAfterStart: sentAfter,
      apiRestarts: 0,
    });
  }, 300_000);
});
