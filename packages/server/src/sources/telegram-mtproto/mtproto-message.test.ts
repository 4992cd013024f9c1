import { Api } from 'telegram';
import { returnBigInt } from 'telegram/Helpers.js';
import { describe, expect, it } from 'vitest';
import { startFakeTelegramPreview } from '../../testing/fake-telegram-preview';
import { buildSourcePosts } from '../build-source-posts';
import { createTelegramPreviewReader } from '../telegram-preview/telegram-preview-reader';
import { mtprotoMessage, type MessageContext } from './mtproto-message';

// The MTProto mapping on GramJS's own message objects (Api.Message, Api.MessageService, media, entities, forward
// headers), through the same normaliser as the web preview: an album of three messages is one post, a caption on any
// part is the post's text, a video gives its poster, a forward names its source, an edit carries its time.

const CHANNEL_ID = 1_234_567;
const context: MessageContext = {
  channel: 'avto_kzn',
  chats: [
    new Api.Channel({
      id: returnBigInt(777),
      accessHash: returnBigInt(1),
      title: 'Авто РФ',
      username: 'avto_rf',
      photo: new Api.ChatPhotoEmpty(),
      date: 1_790_000_000,
    }),
  ],
  users: [new Api.User({ id: returnBigInt(42), firstName: 'Пётр', lastName: 'Сидоров', username: 'petr_s' })],
};

const peerId = new Api.PeerChannel({ channelId: returnBigInt(CHANNEL_ID) });
const DATE = 1_790_100_000;

const photo = (id: number) =>
  new Api.MessageMediaPhoto({
    photo: new Api.Photo({
      id: returnBigInt(id),
      accessHash: returnBigInt(id),
      fileReference: Buffer.from([1]),
      date: DATE,
      sizes: [new Api.PhotoSize({ type: 'y', w: 1280, h: 960, size: 120_000 })],
      dcId: 2,
    }),
  });

const video = () =>
  new Api.MessageMediaDocument({
    document: new Api.Document({
      id: returnBigInt(9),
      accessHash: returnBigInt(9),
      fileReference: Buffer.from([1]),
      date: DATE,
      mimeType: 'video/mp4',
      size: returnBigInt(5_000_000),
      dcId: 2,
      thumbs: [
        new Api.PhotoSize({ type: 'm', w: 320, h: 180, size: 9_000 }),
        new Api.PhotoSize({ type: 'x', w: 800, h: 450, size: 40_000 }),
      ],
      attributes: [new Api.DocumentAttributeVideo({ w: 1280, h: 720, duration: 21 })],
    }),
  });

const message = (id: number, fields: Partial<ConstructorParameters<typeof Api.Message>[0]> = {}) =>
  new Api.Message({ id, peerId, date: DATE + id, message: '', post: true, ...fields });

const build = (messages: Api.TypeMessage[]) =>
  buildSourcePosts(
    messages.map((m) => mtprotoMessage(m, context)).filter((m) => m !== null),
    { postUrl: (id) => `https://t.me/avto_kzn/${id}` },
  );

describe('MTProto messages through the shared normaliser', () => {
  it('keeps the text and takes links from the entities, emoji before them counted in UTF-16 units', () => {
    const text = '🚗 Camry 2018\nЦена 2 450 000 ₽\nСвязь: Иван, сайт auto.ru, @avto_rf';
    const at = (part: string) => text.indexOf(part);
    const [post] = build([
      message(10, {
        message: text,
        entities: [
          new Api.MessageEntityTextUrl({ offset: at('Иван'), length: 4, url: 'https://t.me/ivan_seller' }),
          new Api.MessageEntityUrl({ offset: at('auto.ru'), length: 7 }),
          new Api.MessageEntityMention({ offset: at('@avto_rf'), length: 8 }),
          new Api.MessageEntityBold({ offset: 0, length: 2 }),
        ],
      }),
    ]);
    expect(post).toMatchObject({
      id: 10,
      messageIds: [10],
      text,
      links: [
        { text: 'Иван', url: 'https://t.me/ivan_seller' },
        { text: 'auto.ru', url: 'https://auto.ru' },
        { text: '@avto_rf', url: 'https://t.me/avto_rf' },
      ],
      photos: [],
      forwardedFrom: null,
      edited: false,
      editedAt: null,
      url: 'https://t.me/avto_kzn/10',
    });
    expect(post!.date).toEqual(new Date((DATE + 10) * 1000));
  });

  it('makes an album of three messages one post: first id, the caption wherever it is, photos in order', () => {
    const group = returnBigInt('13911112222333344');
    const posts = build([
      message(22, { media: video(), groupedId: group }),
      message(20, { media: photo(1), groupedId: group }),
      message(21, { media: photo(2), groupedId: group, message: 'BMW X5 2019\n5,2 млн' }),
      message(23, { message: 'Отдельный пост' }),
    ]);
    expect(posts.map((p) => p.id)).toEqual([20, 23]);
    expect(posts[0]).toMatchObject({
      messageIds: [20, 21, 22],
      text: 'BMW X5 2019\n5,2 млн',
      photos: [
        { kind: 'photo', location: { via: 'mtproto', channel: 'avto_kzn', messageId: 20, poster: false } },
        { kind: 'photo', location: { via: 'mtproto', channel: 'avto_kzn', messageId: 21, poster: false } },
        { kind: 'video-poster', location: { via: 'mtproto', channel: 'avto_kzn', messageId: 22, poster: true } },
      ],
    });
  });

  it('names where a post was forwarded from: a public channel with the post link, a user, a hidden sender', () => {
    const posts = build([
      message(30, {
        message: 'Kia Rio 2020',
        fwdFrom: new Api.MessageFwdHeader({
          fromId: new Api.PeerChannel({ channelId: returnBigInt(777) }),
          date: DATE,
          channelPost: 91_234,
        }),
      }),
      message(31, {
        message: 'Ford Focus 2015',
        fwdFrom: new Api.MessageFwdHeader({ fromId: new Api.PeerUser({ userId: returnBigInt(42) }), date: DATE }),
      }),
      message(32, { message: 'Гранта', fwdFrom: new Api.MessageFwdHeader({ fromName: 'Скрытый автор', date: DATE }) }),
    ]);
    expect(posts.map((p) => p.forwardedFrom)).toEqual([
      { name: 'Авто РФ', url: 'https://t.me/avto_rf/91234' },
      { name: 'Пётр Сидоров', url: 'https://t.me/petr_s' },
      { name: 'Скрытый автор', url: null },
    ]);
  });

  it('carries an edit and its time; an edit Telegram hides is no edit', () => {
    const [edited, hidden] = build([
      message(40, { message: 'Цена снижена', editDate: DATE + 500 }),
      message(41, { message: 'Реакция', editDate: DATE + 600, editHide: true }),
    ]);
    expect(edited).toMatchObject({ edited: true, editedAt: new Date((DATE + 500) * 1000) });
    expect(hidden).toMatchObject({ edited: false, editedAt: null });
  });

  it('leaves service messages (a pin, a new photo) out of the posts, and an empty slot out of everything', () => {
    const pin = new Api.MessageService({
      id: 50,
      peerId,
      date: DATE,
      action: new Api.MessageActionPinMessage(),
    });
    expect(mtprotoMessage(pin, context)).toMatchObject({ id: 50, service: true });
    expect(mtprotoMessage(new Api.MessageEmpty({ id: 51 }), context)).toBeNull();
    expect(build([pin, message(52, { message: 'Пост' })]).map((p) => p.id)).toEqual([52]);
  });

  it('builds the same post from MTProto as the web preview builds from its page', async () => {
    const fake = await startFakeTelegramPreview();
    try {
      const channel = fake.addChannel('avto_kzn', { firstId: 20 });
      channel.post({ html: 'BMW X5 2019<br/>5,2 млн', photos: 2, video: true });
      const read = await createTelegramPreviewReader({ baseUrl: fake.url }).read({
        identifier: 'avto_kzn',
        lastSeenId: null,
        recheckIds: [],
      });
      if (!read.ok) throw new Error(read.failure.message);
      const group = returnBigInt(5);
      const [fromMtproto] = build([
        message(20, { media: photo(1), groupedId: group, message: 'BMW X5 2019\n5,2 млн' }),
        message(21, { media: photo(2), groupedId: group }),
        message(22, { media: video(), groupedId: group }),
      ]);
      const shape = (p: typeof fromMtproto) => ({
        id: p!.id,
        messageIds: p!.messageIds,
        text: p!.text,
        kinds: p!.photos.map((photo) => photo.kind),
        url: p!.url,
      });
      expect(shape(fromMtproto)).toEqual(shape(read.fresh[0]));
    } finally {
      await fake.close();
    }
  });
});
