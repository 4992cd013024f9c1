import { Api } from 'telegram';
import { returnBigInt } from 'telegram/Helpers.js';
import { describe, expect, it } from 'vitest';
import { fakeMtprotoClient } from '../../testing/fake-mtproto-client';
import type { SourceReadOutcome, SourceReadSuccess } from '../source-reader';
import { createMemoryPeerStore } from './peer-store';
import { createMtprotoReader, mtprotoFailure, MtprotoTimeoutError } from './mtproto-reader';

// The MTProto reader over a stand-in client that answers with GramJS's own objects and errors (see
// testing/fake-mtproto-client.ts): the username resolved once and its peer kept, history paged back with offset_id,
// edits and confirmed deletions, every FLOOD_WAIT returned with its wait, and Telegram's errors typed. None of this
// reaches Telegram: the real client's wire, login and downloads are not exercised here.

const success = (outcome: SourceReadOutcome): SourceReadSuccess => {
  if (!outcome.ok) throw new Error(`read failed: ${outcome.failure.code} ${outcome.failure.message}`);
  return outcome;
};

function setup() {
  const fake = fakeMtprotoClient();
  const peers = createMemoryPeerStore();
  const reader = createMtprotoReader({ client: fake.client, peers });
  const channel = fake.addChannel('closed_cars', 'Закрытые авто', 1_500_000);
  const peerId = new Api.PeerChannel({ channelId: channel.channel.id });
  const post = (id: number, text: string, fields: Partial<ConstructorParameters<typeof Api.Message>[0]> = {}) =>
    channel.messages.set(
      id,
      new Api.Message({ id, peerId, date: 1_790_000_000 + id, message: text, post: true, ...fields }),
    );
  return { fake, peers, reader, channel, post };
}

describe('MTProto reader', () => {
  it('resolves a username once, keeps its peer, and reads only what is new after that', async () => {
    const { fake, peers, reader, post } = setup();
    for (let id = 1; id <= 30; id++) post(id, `Пост ${id}`);
    const first = success(await reader.read({ identifier: '@closed_cars', lastSeenId: null, recheckIds: [] }));
    expect(first.fresh.map((p) => p.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    expect(first).toMatchObject({
      lastSeenId: 30,
      requests: 2,
      channel: { title: 'Закрытые авто', username: 'closed_cars' },
    });
    expect(first.fresh[0]!.url).toBe('https://t.me/closed_cars/11');
    expect(await peers.get('closed_cars')).toEqual({ channelId: '1500000', accessHash: String(1_500_000 * 7919) });

    post(31, 'Новый пост');
    const second = success(await reader.read({ identifier: 'closed_cars', lastSeenId: 30, recheckIds: [29, 30] }));
    expect(second.fresh.map((p) => p.id)).toEqual([31]);
    expect(second.rechecked.map((p) => p.id)).toEqual([29, 30]);
    expect(fake.countOf('contacts.ResolveUsername')).toBe(1);
    expect(second.requests).toBe(1);
  });

  it('shows an edit with its time and confirms a deletion, but a failed read confirms nothing', async () => {
    const { fake, reader, channel, post } = setup();
    for (let id = 1; id <= 5; id++) post(id, `Пост ${id}`);
    const first = success(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] }));
    post(4, 'Пост 4, цена снижена', { editDate: 1_790_009_999 });
    channel.messages.delete(3);

    fake.failNext('messages.GetHistory', 'FLOOD_WAIT_3600');
    const flooded = await reader.read({
      identifier: 'closed_cars',
      lastSeenId: first.lastSeenId,
      recheckIds: [3, 4, 5],
    });
    expect(flooded).toMatchObject({
      ok: false,
      failure: {
        code: 'rate-limited',
        retryAfterMs: 3_600_000,
        scope: 'host',
        message: 'Telegram попросил подождать (FLOOD_WAIT): следующая попытка через 60 минут.',
      },
    });

    const read = success(
      await reader.read({ identifier: 'closed_cars', lastSeenId: first.lastSeenId, recheckIds: [3, 4, 5] }),
    );
    expect(read.gone).toEqual([3]);
    expect(read.rechecked.find((p) => p.id === 4)).toMatchObject({
      text: 'Пост 4, цена снижена',
      edited: true,
      editedAt: new Date(1_790_009_999_000),
    });
  });

  it('pages back with offset_id to catch up after downtime, within its bound', async () => {
    const { fake, reader, post } = setup();
    for (let id = 1; id <= 260; id++) post(id, `Пост ${id}`);
    const read = success(await reader.read({ identifier: 'closed_cars', lastSeenId: 20, recheckIds: [] }));
    expect(read.fresh.map((p) => p.id)).toEqual(Array.from({ length: 240 }, (_, i) => i + 21));
    const offsets = fake.calls
      .filter((c): c is Api.messages.GetHistory => c instanceof Api.messages.GetHistory)
      .map((c) => c.offsetId);
    expect(offsets).toEqual([0, 161, 61]);
    const bounded = createMtprotoReader({ client: fake.client, peers: createMemoryPeerStore(), maxPages: 2 });
    expect(success(await bounded.read({ identifier: 'closed_cars', lastSeenId: 20, recheckIds: [] })).truncated).toBe(
      true,
    );
  });

  it('returns a FLOOD_WAIT on resolving without keeping a peer, and resolves again next time', async () => {
    const { fake, peers, reader, post } = setup();
    post(1, 'Пост');
    fake.failNext('contacts.ResolveUsername', 'FLOOD_WAIT_86400');
    expect(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: {
        code: 'rate-limited',
        retryAfterMs: 86_400_000,
        message: expect.stringContaining('24 часа') as string,
      },
      requests: 1,
    });
    expect(await peers.get('closed_cars')).toBeNull();
    expect(
      success(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).fresh,
    ).toHaveLength(1);
    expect(fake.countOf('contacts.ResolveUsername')).toBe(2);
  });

  it('types Telegram’s errors: a free name, a private channel, a dead session, a peer gone stale', async () => {
    const { fake, peers, reader, post } = setup();
    post(1, 'Пост');
    expect(await reader.read({ identifier: 'no_such_name', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'not-found' },
    });
    fake.failNext('messages.GetHistory', 'CHANNEL_PRIVATE', 400);
    expect(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: {
        code: 'private',
        message: 'Канал @closed_cars закрыт для нашей учётной записи Telegram: он частный или нас в нём заблокировали.',
      },
    });
    fake.failNext('messages.GetHistory', 'AUTH_KEY_UNREGISTERED', 401);
    expect(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'auth' },
    });
    await peers.set('closed_cars', { channelId: '1500000', accessHash: '1' });
    expect(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).toMatchObject({
      ok: false,
      failure: { code: 'not-found' },
    });
    expect(await peers.get('closed_cars')).toBeNull();
    expect(
      success(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] })).fresh,
    ).toHaveLength(1);
  });

  it('calls a call without an answer a timeout and a dropped connection a network failure', () => {
    expect(mtprotoFailure(new MtprotoTimeoutError('messages.GetHistory: no answer'), 'closed_cars')).toMatchObject({
      code: 'timeout',
      message: 'Telegram не ответил за 30 секунд: попробуем позже.',
    });
    expect(mtprotoFailure(new Error('Connection closed'), 'closed_cars')).toMatchObject({
      code: 'network',
      message: 'Не удалось связаться с Telegram (Connection closed): попробуем позже.',
    });
  });

  it('follows a renamed channel by its kept peer and links its posts under the new name', async () => {
    const { reader, channel, post } = setup();
    post(1, 'Пост');
    success(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] }));
    channel.channel.username = 'cars_closed';
    post(2, 'Новый пост');
    const read = success(await reader.read({ identifier: 'closed_cars', lastSeenId: 1, recheckIds: [] }));
    expect(read.channel.username).toBe('cars_closed');
    expect(read.fresh[0]!.url).toBe('https://t.me/cars_closed/2');
  });

  it('downloads a photo, and a video’s largest poster, of a message it read', async () => {
    const { fake, reader, post } = setup();
    post(1, 'Фото', {
      media: new Api.MessageMediaPhoto({
        photo: new Api.Photo({
          id: returnBigInt(1),
          accessHash: returnBigInt(1),
          fileReference: Buffer.from([1]),
          date: 1,
          sizes: [new Api.PhotoSize({ type: 'y', w: 1280, h: 960, size: 1 })],
          dcId: 2,
        }),
      }),
    });
    const small = new Api.PhotoSize({ type: 'm', w: 320, h: 180, size: 1 });
    const large = new Api.PhotoSize({ type: 'x', w: 800, h: 450, size: 1 });
    post(2, 'Видео', {
      media: new Api.MessageMediaDocument({
        document: new Api.Document({
          id: returnBigInt(2),
          accessHash: returnBigInt(2),
          fileReference: Buffer.from([1]),
          date: 1,
          mimeType: 'video/mp4',
          size: returnBigInt(1),
          dcId: 2,
          thumbs: [small, large],
          attributes: [],
        }),
      }),
    });
    const read = success(await reader.read({ identifier: 'closed_cars', lastSeenId: null, recheckIds: [] }));
    const [photo, poster] = read.fresh.flatMap((p) => p.photos).map((p) => p.location);
    if (photo?.via !== 'mtproto' || poster?.via !== 'mtproto') throw new Error('expected MTProto photos');
    expect(await reader.downloadPhoto(photo)).toEqual(Buffer.from('bytes of MessageMediaPhoto'));
    expect(await reader.downloadPhoto(poster)).toEqual(Buffer.from('bytes of MessageMediaDocument'));
    expect(fake.downloads.map((d) => d.thumb)).toEqual([undefined, large]);
  });
});
