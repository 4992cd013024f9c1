import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegramPreview, type FakeTelegramPreview } from '../../testing/fake-telegram-preview';
import { createHostLimiter } from '../host-limiter';
import type { SourceReadOutcome, SourceReadSuccess, SourceReader } from '../source-reader';
import { createTelegramPreviewReader } from './telegram-preview-reader';

// The web preview reader against the fake t.me on 127.0.0.1: first reads, incremental reads, edits, deletions
// confirmed only by a successful read of their range, catch-up with ?before= after downtime, and every typed failure.

let fake: FakeTelegramPreview;
let reader: SourceReader;

const success = (outcome: SourceReadOutcome): SourceReadSuccess => {
  if (!outcome.ok) throw new Error(`read failed: ${outcome.failure.code} ${outcome.failure.message}`);
  return outcome;
};

beforeAll(async () => {
  fake = await startFakeTelegramPreview();
  reader = createTelegramPreviewReader({ baseUrl: fake.url, timeoutMs: 2_000 });
});

afterAll(() => fake.close());

describe('telegram web preview reader', () => {
  it('reads a new channel: every kind of post on its newest page, oldest first, services left out', async () => {
    const channel = fake.addChannel('avto_msk', { title: 'Авто Москва', firstId: 500 });
    channel.service('Channel created');
    const text = channel.post({
      html: 'Toyota Camry 2018<br/>2 450 000 ₽, <a href="https://t.me/seller" target="_blank">Иван</a>',
    });
    const photo = channel.post({ text: 'Solaris 2017, 850 т.р.', photos: 1 });
    const album = channel.post({ text: 'BMW X5 2019, 5,2 млн', photos: 3, video: true });
    const video = channel.post({ text: 'Веста на видео', video: true });
    const forward = channel.post({
      text: 'Kia Rio 2020',
      photos: 1,
      forwardedFrom: { name: 'Авто "РФ" & <Ко>', url: 'https://t.me/avto_rf/9' },
    });
    channel.service('Авто Москва pinned «BMW X5 2019»');

    const read = success(await reader.read({ identifier: 'avto_msk', lastSeenId: null, recheckIds: [] }));
    expect(read.fresh.map((p) => p.id)).toEqual([text, photo, album, video, forward]);
    expect(read.fresh[0]).toMatchObject({
      text: 'Toyota Camry 2018\n2 450 000 ₽, Иван',
      links: [{ text: 'Иван', url: 'https://t.me/seller' }],
      url: `https://t.me/avto_msk/${text}`,
    });
    const albumPost = read.fresh.find((p) => p.id === album)!;
    expect(albumPost.messageIds).toEqual([album, album + 1, album + 2, album + 3]);
    expect(albumPost.photos.map((p) => p.kind)).toEqual(['photo', 'photo', 'photo', 'video-poster']);
    expect(albumPost.photos.map((p) => (p.location.via === 'http' ? p.location.url : ''))).toEqual([
      `${fake.url}/file/avto_msk-${album}-photo.jpg`,
      `${fake.url}/file/avto_msk-${album + 1}-photo.jpg`,
      `${fake.url}/file/avto_msk-${album + 2}-photo.jpg`,
      `${fake.url}/file/avto_msk-${album + 3}-video.jpg`,
    ]);
    expect(read.fresh.find((p) => p.id === video)!.photos).toEqual([
      { kind: 'video-poster', location: { via: 'http', url: `${fake.url}/file/avto_msk-${video}-video.jpg` } },
    ]);
    expect(read.fresh.find((p) => p.id === forward)!.forwardedFrom).toEqual({
      name: 'Авто "РФ" & <Ко>',
      url: 'https://t.me/avto_rf/9',
    });
    expect(read).toMatchObject({
      gone: [],
      rechecked: [],
      truncated: false,
      requests: 1,
      lastSeenId: Math.max(...channel.ids()),
      channel: { title: 'Авто Москва', username: 'avto_msk' },
    });
  });

  it('reads only what is new, and a repeat read adds nothing', async () => {
    const channel = fake.addChannel('avto_spb');
    channel.post({ text: 'Гранта 2019' });
    const first = success(await reader.read({ identifier: '@avto_spb', lastSeenId: null, recheckIds: [] }));
    const next = channel.post({ text: 'Приора 2012' });
    const second = success(
      await reader.read({ identifier: 'avto_spb', lastSeenId: first.lastSeenId, recheckIds: [first.fresh[0]!.id] }),
    );
    expect(second.fresh.map((p) => p.id)).toEqual([next]);
    expect(second.rechecked.map((p) => p.id)).toEqual([first.fresh[0]!.id]);
    const third = success(await reader.read({ identifier: 'avto_spb', lastSeenId: second.lastSeenId, recheckIds: [] }));
    expect(third.fresh).toEqual([]);
    expect(third.lastSeenId).toBe(second.lastSeenId);
  });

  it('re-checks the newest posts: an edit shows as the new text with the mark', async () => {
    const channel = fake.addChannel('avto_edit');
    const id = channel.post({ text: 'Камри 2018, 2 450 000 ₽', photos: 1 });
    const first = success(await reader.read({ identifier: 'avto_edit', lastSeenId: null, recheckIds: [] }));
    expect(first.fresh[0]!.edited).toBe(false);
    channel.edit(id, { text: 'Камри 2018, 2 300 000 ₽ (снижена цена)' });
    const again = success(
      await reader.read({ identifier: 'avto_edit', lastSeenId: first.lastSeenId, recheckIds: [id] }),
    );
    expect(again.fresh).toEqual([]);
    expect(again.rechecked).toHaveLength(1);
    expect(again.rechecked[0]).toMatchObject({ id, edited: true, text: 'Камри 2018, 2 300 000 ₽ (снижена цена)' });
    expect(again.rechecked[0]!.photos).toHaveLength(1);
  });

  it('reports a post gone only after a successful read of its range; a failed read reports nothing', async () => {
    const channel = fake.addChannel('avto_gone');
    const kept = channel.post({ text: 'Гранта 2019' });
    const deleted = channel.post({ text: 'Солярис 2017', photos: 2 });
    const first = success(await reader.read({ identifier: 'avto_gone', lastSeenId: null, recheckIds: [] }));
    channel.remove(deleted);

    fake.failNext(429, { channel: 'avto_gone', retryAfter: 30 });
    const limited = await reader.read({
      identifier: 'avto_gone',
      lastSeenId: first.lastSeenId,
      recheckIds: [kept, deleted],
    });
    expect(limited).toMatchObject({
      ok: false,
      failure: { code: 'rate-limited', retryAfterMs: 30_000, scope: 'host' },
    });
    expect(!limited.ok && limited.failure.message).toBe(
      'Telegram ограничил частоту запросов: следующая попытка через 30 секунд.',
    );

    fake.hangNext({ channel: 'avto_gone', ms: 5_000 });
    const slow = createTelegramPreviewReader({ baseUrl: fake.url, timeoutMs: 300 });
    const timedOut = await slow.read({
      identifier: 'avto_gone',
      lastSeenId: first.lastSeenId,
      recheckIds: [kept, deleted],
    });
    expect(timedOut).toMatchObject({ ok: false, failure: { code: 'timeout' } });

    const read = success(
      await reader.read({ identifier: 'avto_gone', lastSeenId: first.lastSeenId, recheckIds: [kept, deleted] }),
    );
    expect(read.gone).toEqual([deleted]);
    expect(read.rechecked.map((p) => p.id)).toEqual([kept]);
  });

  it('catches up after downtime with ?before= pages down to the last post seen', async () => {
    const channel = fake.addChannel('avto_catchup', { firstId: 1000 });
    channel.post({ text: 'Старый пост' });
    const first = success(await reader.read({ identifier: 'avto_catchup', lastSeenId: null, recheckIds: [] }));
    const missed: number[] = [];
    for (let i = 0; i < 50; i++) missed.push(channel.post({ text: `Пост ${i}`, photos: i % 10 === 0 ? 3 : 0 }));
    fake.resetStats();
    const read = success(
      await reader.read({ identifier: 'avto_catchup', lastSeenId: first.lastSeenId, recheckIds: [] }),
    );
    expect(read.fresh.map((p) => p.id)).toEqual(missed);
    expect(read.truncated).toBe(false);
    expect(read.gone).toEqual([]);
    const pages = fake.requestsOf('avto_catchup');
    expect(pages[0]!.before).toBeNull();
    expect(pages.slice(1).every((r) => r.before !== null)).toBe(true);
    expect(read.requests).toBe(pages.length);
    expect(pages.length).toBe(3);
  });

  it('stops catching up at its page bound and says so', async () => {
    const channel = fake.addChannel('avto_bound');
    channel.post({ text: 'Старый пост' });
    const first = success(await reader.read({ identifier: 'avto_bound', lastSeenId: null, recheckIds: [] }));
    for (let i = 0; i < 80; i++) channel.post({ text: `Пост ${i}` });
    const bounded = createTelegramPreviewReader({ baseUrl: fake.url, maxPages: 2 });
    const read = success(
      await bounded.read({ identifier: 'avto_bound', lastSeenId: first.lastSeenId, recheckIds: [] }),
    );
    expect(read.truncated).toBe(true);
    expect(read.fresh).toHaveLength(40);
    expect(read.requests).toBe(2);
  });

  it('pages back to re-check an older post, and to the channel start confirms its deletion', async () => {
    const channel = fake.addChannel('avto_old');
    const oldest = channel.post({ text: 'Самый первый' });
    for (let i = 0; i < 30; i++) channel.post({ text: `Пост ${i}` });
    const first = success(await reader.read({ identifier: 'avto_old', lastSeenId: null, recheckIds: [] }));
    expect(first.fresh).toHaveLength(20);
    channel.remove(oldest);
    const read = success(
      await reader.read({ identifier: 'avto_old', lastSeenId: first.lastSeenId, recheckIds: [oldest] }),
    );
    expect(read.gone).toEqual([oldest]);
    expect(read.requests).toBe(2);
  });

  it('marks a channel without a preview, a free name and a renamed channel with their own errors', async () => {
    const hidden = fake.addChannel('closed_cars');
    hidden.post({ text: 'Пост' });
    hidden.setPreview(false);
    const disabled = await reader.read({ identifier: 'closed_cars', lastSeenId: 5, recheckIds: [1] });
    expect(disabled).toMatchObject({ ok: false, failure: { code: 'preview-disabled' }, requests: 2 });
    expect(!disabled.ok && disabled.failure.message).toContain('нет веб-просмотра');

    const missing = await reader.read({ identifier: 'no_such_channel', lastSeenId: null, recheckIds: [] });
    expect(missing).toMatchObject({
      ok: false,
      failure: {
        code: 'not-found',
        message:
          'Канал @no_such_channel не найден: его удалили или переименовали. Укажите новое имя канала или удалите источник.',
      },
    });

    fake.addChannel('avto_old_name').post({ text: 'Пост' });
    fake.rename('avto_old_name', 'avto_new_name', { keepOldName: true });
    const renamed = await reader.read({ identifier: 'avto_old_name', lastSeenId: 1, recheckIds: [1] });
    expect(renamed).toMatchObject({
      ok: false,
      failure: {
        code: 'renamed',
        newName: 'avto_new_name',
        message: 'Канал @avto_old_name теперь называется @avto_new_name: измените источник на @avto_new_name.',
      },
    });

    fake.addChannel('avto_gone_name').post({ text: 'Пост' });
    fake.rename('avto_gone_name', 'avto_elsewhere');
    expect(await reader.read({ identifier: 'avto_gone_name', lastSeenId: 1, recheckIds: [1] })).toMatchObject({
      ok: false,
      failure: { code: 'not-found' },
    });
  });

  it('takes a preview that shows no posts for a hidden one, not for every post deleted', async () => {
    const channel = fake.addChannel('avto_empty');
    const id = channel.post({ text: 'Пост' });
    const first = success(await reader.read({ identifier: 'avto_empty', lastSeenId: null, recheckIds: [] }));
    channel.remove(id);
    const read = await reader.read({ identifier: 'avto_empty', lastSeenId: first.lastSeenId, recheckIds: [id] });
    expect(read).toMatchObject({ ok: false, failure: { code: 'preview-disabled' } });
  });

  it('answers a 5xx, a page it cannot read, a refused connection and a numeric chat id with typed failures', async () => {
    fake.addChannel('avto_5xx').post({ text: 'Пост' });
    fake.failNext(502, { channel: 'avto_5xx' });
    expect(await reader.read({ identifier: 'avto_5xx', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'network', message: 'Telegram ответил кодом 502: попробуем позже.' },
    });
    // A page of neither kind (a captcha, a changed layout) is unreadable, not an empty channel.
    fake.failNext(200, { channel: 'avto_5xx' });
    expect(await reader.read({ identifier: 'avto_5xx', lastSeenId: 1, recheckIds: [1] })).toMatchObject({
      ok: false,
      failure: { code: 'unreadable' },
    });
    const nowhere = createTelegramPreviewReader({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2_000 });
    expect(await nowhere.read({ identifier: 'avto_5xx', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'network' },
    });
    expect(await reader.read({ identifier: '-1001234567890', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'not-found' },
      requests: 0,
    });
  });

  it('pauses the host for a 429 and keeps to its limits', async () => {
    const limiter = createHostLimiter({ limitOf: () => ({ concurrency: 2, perSecond: 5 }) });
    const limited = createTelegramPreviewReader({ baseUrl: fake.url, limiter });
    const names = Array.from({ length: 8 }, (_, i) => `avto_rate_${i}`);
    for (const name of names) fake.addChannel(name).post({ text: 'Пост' });
    fake.resetStats();
    const reads = await Promise.all(
      names.map((identifier) => limited.read({ identifier, lastSeenId: null, recheckIds: [] })),
    );
    expect(reads.every((r) => r.ok)).toBe(true);
    expect(fake.maxRequestsPerSecond()).toBeLessThanOrEqual(5);
    expect(fake.maxConcurrent()).toBeLessThanOrEqual(2);

    fake.failNext(429, { retryAfter: 2 });
    const failed = await limited.read({ identifier: names[0]!, lastSeenId: null, recheckIds: [] });
    expect(failed).toMatchObject({ ok: false, failure: { code: 'rate-limited', retryAfterMs: 2_000 } });
    expect(limiter.pausedUntil(new URL(fake.url).host)).toBeGreaterThan(Date.now() + 1_000);
  });
});
