import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVkClient } from '../ingest/vk';
import { fakeVk, VK_TEST_TOKEN, vkItem } from '../testing/fake-vk-api';
import { createHostLimiter } from './host-limiter';
import type { SourceReadOutcome, SourceReadSuccess, SourceReader } from './source-reader';
import { createVkWallReader, VK_REQUESTS_PER_SECOND, vkLimiterKey } from './vk-wall-reader';

// The VK wall reader against the fake VK API on 127.0.0.1: wall.get pages newest first with offset, pinned posts and
// ads, photos, video posters, reposts, edits, confirmed deletions, catch-up, VK's errors 5, 6, 9, 15 and 29, and the
// 3 requests a second of a token.

const vk = fakeVk();
let apiUrl = '';
const key = vkLimiterKey(VK_TEST_TOKEN);
const client = () => createVkClient({ token: VK_TEST_TOKEN, apiUrl, sleep: () => Promise.resolve() });
let reader: SourceReader;

const success = (outcome: SourceReadOutcome): SourceReadSuccess => {
  if (!outcome.ok) throw new Error(`read failed: ${outcome.failure.code} ${outcome.failure.message}`);
  return outcome;
};

const sizes = (name: string) => [
  { type: 's', url: `https://sun9-1.userapi.com/${name}-s.jpg`, width: 75, height: 50 },
  { type: 'w', url: `https://sun9-1.userapi.com/${name}-w.jpg`, width: 1280, height: 853 },
  { type: 'x', url: `https://sun9-1.userapi.com/${name}-x.jpg`, width: 604, height: 403 },
];

beforeAll(async () => {
  await new Promise<void>((resolve) => vk.server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(vk.server.address() as AddressInfo).port}/method`;
  reader = createVkWallReader({ client: client(), limiterKey: key });
});

afterAll(() => new Promise<void>((resolve) => vk.server.close(() => resolve())));

describe('VK wall reader', () => {
  it('reads a wall: posts oldest first, ads left out, largest photos, video posters, reposts and links', async () => {
    vk.walls.set(-501, [
      vkItem(-501, 3, 'Правила группы', { is_pinned: 1 }),
      vkItem(-501, 10, 'Камри 2018, 2.45 млн, Казань', {
        attachments: [
          { type: 'photo', photo: { sizes: sizes('camry-1') } },
          { type: 'photo', photo: { sizes: sizes('camry-2') } },
          {
            type: 'video',
            video: {
              image: [
                { url: 'https://sun9-2.userapi.com/video-small.jpg', width: 130, height: 96 },
                { url: 'https://sun9-2.userapi.com/video-big.jpg', width: 800, height: 450 },
              ],
            },
          },
          { type: 'link', link: { url: 'https://auto.example.ru/camry', title: 'Подробнее' } },
        ],
      }),
      vkItem(-501, 11, 'Реклама шин', { marked_as_ads: 1 }),
      vkItem(-501, 12, '', {
        copy_history: [
          vkItem(-777, 90, 'Солярис 2017, 850 т.р.', {
            attachments: [{ type: 'photo', photo: { sizes: sizes('solaris') } }],
          }),
        ],
      }),
    ]);
    const read = success(await reader.read({ identifier: '-501', lastSeenId: null, recheckIds: [] }));
    expect(read.fresh.map((p) => p.id)).toEqual([3, 10, 12]);
    const camry = read.fresh[1]!;
    expect(camry).toMatchObject({
      text: 'Камри 2018, 2.45 млн, Казань',
      url: 'https://vk.com/wall-501_10',
      links: [{ text: 'Подробнее', url: 'https://auto.example.ru/camry' }],
      edited: false,
    });
    expect(camry.photos).toEqual([
      { kind: 'photo', location: { via: 'http', url: 'https://sun9-1.userapi.com/camry-1-w.jpg' } },
      { kind: 'photo', location: { via: 'http', url: 'https://sun9-1.userapi.com/camry-2-w.jpg' } },
      { kind: 'video-poster', location: { via: 'http', url: 'https://sun9-2.userapi.com/video-big.jpg' } },
    ]);
    expect(read.fresh[2]).toMatchObject({
      text: 'Солярис 2017, 850 т.р.',
      forwardedFrom: { name: 'club777', url: 'https://vk.com/wall-777_90' },
      photos: [{ kind: 'photo', location: { via: 'http', url: 'https://sun9-1.userapi.com/solaris-w.jpg' } }],
    });
    expect(read).toMatchObject({ lastSeenId: 12, gone: [], truncated: false, requests: 1 });
  });

  it('reads only newer posts, shows edits of re-checked ones and confirms deletions', async () => {
    const wall = vk.walls.get(-501)!;
    wall.push(vkItem(-501, 13, 'Приора 2012, 320к'));
    const edited = wall.find((i) => i.id === 10)!;
    edited.text = 'Камри 2018, 2.3 млн, Казань';
    edited.edited = 1_795_100_000;
    vk.walls.set(
      -501,
      wall.filter((i) => i.id !== 12),
    );
    const read = success(await reader.read({ identifier: '-501', lastSeenId: 12, recheckIds: [10, 12] }));
    expect(read.fresh.map((p) => p.id)).toEqual([13]);
    expect(read.rechecked).toHaveLength(1);
    expect(read.rechecked[0]).toMatchObject({ id: 10, text: 'Камри 2018, 2.3 млн, Казань', edited: true });
    expect(read.rechecked[0]!.editedAt!.getTime()).toBe(1_795_100_000_000);
    expect(read.gone).toEqual([12]);
    const again = success(await reader.read({ identifier: '-501', lastSeenId: read.lastSeenId, recheckIds: [] }));
    expect(again.fresh).toEqual([]);
  });

  it('catches up with offset pages down to the last post seen', async () => {
    vk.walls.set(
      -502,
      Array.from({ length: 260 }, (_, i) => vkItem(-502, i + 1, `Пост ${i + 1}`)),
    );
    const before = vk.calls.length;
    const read = success(await reader.read({ identifier: '-502', lastSeenId: 20, recheckIds: [] }));
    expect(read.fresh.map((p) => p.id)).toEqual(Array.from({ length: 240 }, (_, i) => i + 21));
    expect(vk.calls.slice(before).map((c) => [c.params.get('offset'), c.params.get('count')])).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
    const bounded = createVkWallReader({ client: client(), limiterKey: key, maxPages: 2 });
    expect(success(await bounded.read({ identifier: '-502', lastSeenId: 20, recheckIds: [] })).truncated).toBe(true);
  });

  it('turns VK errors into typed failures, and a failed read confirms no deletion', async () => {
    vk.walls.set(-503, [vkItem(-503, 1, 'Гранта 2019')]);
    const limiter = createHostLimiter({ limitOf: () => ({ concurrency: 3, perSecond: VK_REQUESTS_PER_SECOND }) });
    const limited = createVkWallReader({ client: client(), limiterKey: key, limiter });

    vk.errors.set(-503, [9]);
    expect(await limited.read({ identifier: '-503', lastSeenId: 1, recheckIds: [1, 2] })).toMatchObject({
      ok: false,
      failure: {
        code: 'rate-limited',
        retryAfterMs: 60_000,
        scope: 'source',
        message: 'ВКонтакте: контроль флуда (ошибка 9), стена ждёт 1 минуту.',
      },
    });
    expect(limiter.pausedUntil(key)).toBe(0);

    vk.errors.set(-503, [6, 6, 6, 6, 6]);
    expect(await limited.read({ identifier: '-503', lastSeenId: 1, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'rate-limited', scope: 'host' },
    });

    vk.errors.set(-503, [15]);
    expect(await reader.read({ identifier: '-503', lastSeenId: 1, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: {
        code: 'private',
        message: 'Стена -503 ВКонтакте недоступна: сообщество закрыто, удалено или заблокировано.',
      },
    });

    const wrongToken = createVkWallReader({
      client: createVkClient({ token: 'revoked', apiUrl, sleep: () => Promise.resolve() }),
      limiterKey: vkLimiterKey('revoked'),
    });
    expect(await wrongToken.read({ identifier: '-503', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'auth', message: 'ВКонтакте не принял токен (VK_TOKEN): проверьте его.' },
    });

    vk.errors.set(-503, [29]);
    const outcome = await limited.read({ identifier: '-503', lastSeenId: 1, recheckIds: [1, 2] });
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'rate-limited', retryAfterMs: 3_600_000, scope: 'host' },
    });
    expect(limiter.pausedUntil(key)).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('keeps to 3 requests a second per token', async () => {
    const limiter = createHostLimiter({ limitOf: () => ({ concurrency: 3, perSecond: VK_REQUESTS_PER_SECOND }) });
    const limited = createVkWallReader({ client: client(), limiterKey: key, limiter });
    const owners = Array.from({ length: 8 }, (_, i) => -600 - i);
    for (const owner of owners) vk.walls.set(owner, [vkItem(owner, 1, 'Пост')]);
    vk.calls.length = 0;
    const reads = await Promise.all(
      owners.map((owner) => limited.read({ identifier: String(owner), lastSeenId: null, recheckIds: [] })),
    );
    expect(reads.every((r) => r.ok)).toBe(true);
    expect(vk.calls).toHaveLength(8);
    expect(vk.maxCallsPerSecond()).toBeLessThanOrEqual(VK_REQUESTS_PER_SECOND);
  });
});
