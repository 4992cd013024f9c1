import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sources, type DbHandle } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { fakeVk, vkItem } from '../testing/fake-vk-api';
import { createVkClient, createVkPoller, type VkPost } from './vk';

// The VK adapter against a fake VK API on 127.0.0.1 that answers in VK's documented shapes ({response: {count,
// items}} and {error: {error_code, error_msg}}), on PGlite and PostgreSQL.

const item = vkItem;

describeEachDb('VK adapter', (getDb) => {
  const vk = fakeVk();
  let db: DbHandle['db'];
  let apiUrl = '';
  let clock = 1_000_000;
  const received: VkPost[] = [];
  let poller: ReturnType<typeof createVkPoller>;
  const pauses: number[] = [];

  beforeAll(async () => {
    db = getDb().db;
    await new Promise<void>((resolve) => vk.server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(vk.server.address() as AddressInfo).port}/method`;
    await db.insert(sources).values([
      { kind: 'vk', identifier: '-111', title: 'Авто Казань ВК' },
      { kind: 'vk', identifier: '-222', title: 'Авторынок' },
      { kind: 'vk', identifier: '-333', title: 'На паузе', active: false },
    ]);
    const client = createVkClient({
      token: 'vk-test-token',
      apiUrl,
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    });
    poller = createVkPoller({
      db,
      client,
      now: () => clock,
      onPost: (post) => Promise.resolve(void received.push(post)),
    });
  });

  afterAll(() => new Promise<void>((resolve) => vk.server.close(() => resolve())));

  it('reads new wall posts oldest first with their largest photos, retrying error 6 with growing pauses', async () => {
    vk.walls.set(-111, [
      item(-111, 10, 'Камри 2018, 98 т.км, 2.45 млн, Казань', {
        attachments: [
          {
            type: 'photo',
            photo: {
              id: 1,
              sizes: [
                { type: 's', url: 'https://vk.example/s.jpg', width: 75, height: 50 },
                { type: 'w', url: 'https://vk.example/w.jpg', width: 1280, height: 853 },
              ],
            },
          },
        ],
      }),
      item(-111, 11, 'Реклама', { marked_as_ads: 1 }),
      item(-111, 12, 'Солярис 2017, 120 тыс км, 850 т.р.'),
    ]);
    vk.walls.set(-222, []);
    vk.errors.set(-111, [6, 6]);
    const report = await poller.tick();
    expect(report).toMatchObject({ read: 2, skipped: [], pausedUntil: null });
    expect(received.map((p) => [p.postId, p.url])).toEqual([
      [10, 'https://vk.com/wall-111_10'],
      [12, 'https://vk.com/wall-111_12'],
    ]);
    expect(received[0]!.photoUrls).toEqual(['https://vk.example/w.jpg']);
    expect(pauses).toEqual([400, 800]);
    const [wall] = await db.select().from(sources).where(eq(sources.identifier, '-111'));
    expect(wall!.lastPosition).toBe(12);
    expect(vk.calls.every((c) => c.method === 'wall.get')).toBe(true);
    expect(vk.calls.some((c) => c.params.get('owner_id') === '-333')).toBe(false);
  });

  it('reads only what came after the last seen post', async () => {
    vk.walls.get(-111)!.push(item(-111, 13, 'Приора 2012, 180 т.км, 320к'));
    const report = await poller.tick();
    expect(report.read).toBe(1);
    expect(received.map((p) => p.postId)).toEqual([10, 12, 13]);
  });

  it('pauses a wall on flood control (9) and leaves it alone until the pause ends', async () => {
    vk.errors.set(-222, [9]);
    const first = await poller.tick();
    expect(first.skipped).toEqual([{ sourceId: expect.any(Number) as number, code: 9, until: clock + 60_000 }]);
    const before = vk.calls.length;
    clock += 30_000;
    await poller.tick();
    expect(vk.calls.slice(before).some((c) => c.params.get('owner_id') === '-222')).toBe(false);
    clock += 31_000;
    vk.walls.set(-222, [item(-222, 5, 'Гранта 2019, 70 тыс км, 560 т.р.')]);
    expect((await poller.tick()).read).toBe(1);
  });

  it('stops every wall on the rate limit (29) for an hour', async () => {
    vk.errors.set(-111, [29]);
    const report = await poller.tick();
    expect(report.pausedUntil).toBe(clock + 3_600_000);
    const before = vk.calls.length;
    clock += 1_800_000;
    expect((await poller.tick()).pausedUntil).toBe(report.pausedUntil);
    expect(vk.calls.length).toBe(before);
    clock += 1_800_001;
    expect((await poller.tick()).pausedUntil).toBeNull();
  });
});
