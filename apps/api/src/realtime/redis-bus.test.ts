import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeBus, RealtimeMessage } from './bus';
import { createBroadcaster } from './broadcaster';
import { silentLog, type RealtimeLog } from './log';
import { createRedisBus, redisChannelName } from './redis-bus';

// Runs against the Redis of the machine (127.0.0.1:6379, as CI starts it); app ids are random per test, so parallel
// runs on the same Redis never hear each other — which is the property under test.
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const opened: RealtimeBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

async function bus(appId: string) {
  const b = await createRedisBus({ url: REDIS_URL, appId, log: silentLog });
  opened.push(b);
  return b;
}

function inbox(b: RealtimeBus) {
  const received: RealtimeMessage[] = [];
  const waiters: ((m: RealtimeMessage) => void)[] = [];
  b.subscribe((m) => {
    const waiter = waiters.shift();
    if (waiter) waiter(m);
    else received.push(m);
  });
  return {
    next(): Promise<RealtimeMessage> {
      const ready = received.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error('no message within 10 s')), 10_000);
        waiters.push((m) => {
          clearTimeout(guard);
          resolve(m);
        });
      });
    },
  };
}

const appId = () => `test-${randomBytes(6).toString('hex')}`;

describe('Redis fan-out', () => {
  it('delivers an event published on one instance to every instance of the same app, the publisher included', async () => {
    const id = appId();
    const a = await bus(id);
    const b = await bus(id);
    const [inA, inB] = [inbox(a), inbox(b)];
    const message = { channels: ['posts'], event: 'post.published', data: '{"post":{"id":1}}', exceptSocketId: '1.2' };
    await b.publish(message);
    expect(await inA.next()).toEqual(message);
    expect(await inB.next()).toEqual(message);
  });

  it('keeps deployments with different app ids apart', async () => {
    const ours = await bus(appId());
    const theirs = await bus(appId());
    const inTheirs = inbox(theirs);
    await ours.publish({ channels: ['posts'], event: 'ours', data: '{}' });
    await theirs.publish({ channels: ['posts'], event: 'theirs', data: '{}' });
    // Redis delivers in the order it took the publishes: the first message here being their own proves ours never came.
    expect((await inTheirs.next()).event).toBe('theirs');
  });

  it('ignores malformed messages on the channel', async () => {
    const id = appId();
    const b = await bus(id);
    const inB = inbox(b);
    const raw = new Redis(REDIS_URL);
    try {
      for (const junk of [
        'not json',
        '{"channels":"posts","event":"x","data":"{}"}',
        '{"channels":["bad name"],"event":"x","data":"{}"}',
      ]) {
        await raw.publish(redisChannelName(id), junk);
      }
      await raw.publish(redisChannelName(id), JSON.stringify({ channels: ['posts'], event: 'valid', data: '{}' }));
    } finally {
      raw.disconnect();
    }
    expect((await inB.next()).event).toBe('valid');
  });

  it('fails the start with one clear line when Redis is not there, without the password', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    await expect(
      createRedisBus({
        url: `redis://:hunter2@127.0.0.1:${port}`,
        appId: appId(),
        log: silentLog,
        connectTimeoutMs: 1_000,
      }),
    ).rejects.toThrow(new RegExp(`^Redis недоступен \\(REDIS_URL=redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}\\)`));
  });

  it('a broadcaster logs an event it could not hand to Redis instead of failing the caller', async () => {
    const b = await createRedisBus({ url: REDIS_URL, appId: appId(), log: silentLog });
    await b.close();
    const errors: string[] = [];
    const log: RealtimeLog = { ...silentLog, error: (_obj, msg) => errors.push(msg) };
    await expect(createBroadcaster(b, log).publish('posts', 'post.published', { post: 1 })).resolves.toBeUndefined();
    expect(errors).toEqual(['realtime: event not published']);
  });
});
