import { describe, expect, it } from 'vitest';
import { createAlbumCollector, type ChannelPostBatch, type TgChannelPost } from './telegram-channel';

const chat = { id: -1001234567890, type: 'channel', username: 'kazan_cars', title: 'Авто Казань' };
const photo = (n: number) => [
  { file_id: `small-${n}`, file_unique_id: `s${n}`, width: 90, height: 60 },
  { file_id: `big-${n}`, file_unique_id: `b${n}`, width: 1280, height: 853 },
];
const part = (id: number, extra: Partial<TgChannelPost> = {}): TgChannelPost => ({
  message_id: id,
  chat,
  date: 1_795_000_000,
  media_group_id: 'album-1',
  photo: photo(id),
  ...extra,
});

function manualTimers() {
  const timers = new Map<number, () => void>();
  let next = 1;
  return {
    setTimer: (run: () => void) => {
      timers.set(next, run);
      return next++;
    },
    clearTimer: (timer: unknown) => void timers.delete(timer as number),
    fire: () => {
      const runs = [...timers.values()];
      timers.clear();
      runs.forEach((run) => run());
    },
    pending: () => timers.size,
  };
}

describe('createAlbumCollector', () => {
  it('hands on an album as one post: first message id, the caption, every photo’s largest size in order', () => {
    const timers = manualTimers();
    const batches: ChannelPostBatch[] = [];
    const collector = createAlbumCollector({ ...timers, onBatch: (b) => void batches.push(b) });
    collector.add(part(42));
    collector.add(part(41, { caption: 'Камри 2018, 98 т.км, 2,45 млн, Казань' }));
    collector.add(part(43));
    expect(batches).toHaveLength(0);
    expect(timers.pending()).toBe(1);
    timers.fire();
    expect(batches).toEqual([
      {
        chat,
        messageId: 41,
        messageIds: [41, 42, 43],
        text: 'Камри 2018, 98 т.км, 2,45 млн, Казань',
        photoFileIds: ['big-41', 'big-42', 'big-43'],
        url: 'https://t.me/kazan_cars/41',
      },
    ]);
  });

  it('hands on a single post at once and keeps albums of other channels apart', () => {
    const timers = manualTimers();
    const batches: ChannelPostBatch[] = [];
    const collector = createAlbumCollector({ ...timers, onBatch: (b) => void batches.push(b) });
    collector.add({ message_id: 7, chat, date: 1, text: 'Солярис 2017, 120 тыс км, 850 т.р.' });
    expect(batches.map((b) => [b.messageId, b.photoFileIds.length])).toEqual([[7, 0]]);
    collector.add(part(8));
    collector.add(part(9, { chat: { ...chat, id: -1009, username: undefined } }));
    collector.flushAll();
    expect(batches.map((b) => [b.messageId, b.url])).toEqual([
      [7, 'https://t.me/kazan_cars/7'],
      [8, 'https://t.me/kazan_cars/8'],
      [9, null],
    ]);
  });
});
