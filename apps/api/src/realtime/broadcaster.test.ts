import { describe, expect, it } from 'vitest';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { createBroadcaster } from './broadcaster';
import { createLocalBus, type RealtimeMessage } from './bus';
import { silentLog } from './log';
import { publishPostPublished, publishPostUnpublished, publishPostUpdated, publishUserUpdated } from './publish-events';

function recording() {
  const bus = createLocalBus();
  const sent: RealtimeMessage[] = [];
  bus.subscribe((m) => sent.push(m));
  return { broadcaster: createBroadcaster(bus, silentLog), sent };
}

// Spec-shaped sample listing, id fixed to match the post.42 channel below.
const post: Post = { ...samplePost, id: 42 };

describe('Broadcaster', () => {
  it('sends objects as JSON and strings as they are (JSON already, as Pusher SDKs take them)', async () => {
    const { broadcaster, sent } = recording();
    await broadcaster.publish('posts', 'a', { n: 1 });
    await broadcaster.publish(['post.1', 'post.2'], 'b', '{"raw":true}', { exceptSocketId: '12.34' });
    await broadcaster.publish('posts', 'c', undefined);
    expect(sent).toEqual([
      { channels: ['posts'], event: 'a', data: '{"n":1}' },
      { channels: ['post.1', 'post.2'], event: 'b', data: '{"raw":true}', exceptSocketId: '12.34' },
      { channels: ['posts'], event: 'c', data: '{}' },
    ]);
  });

  it('rejects what could never be delivered: a bug in the caller, not a lost update', async () => {
    const { broadcaster, sent } = recording();
    await expect(broadcaster.publish('posts feed', 'a', {})).rejects.toThrow(TypeError);
    await expect(broadcaster.publish([], 'a', {})).rejects.toThrow('no channel');
    await expect(broadcaster.publish('posts', '', {})).rejects.toThrow('invalid event name');
    await expect(broadcaster.publish('posts', 'a', {}, { exceptSocketId: 'me' })).rejects.toThrow('socket_id');
    expect(sent).toEqual([]);
  });
});

describe('the product’s live events', () => {
  it('go to the channels of the contract, with payloads cut to the contract', async () => {
    const { broadcaster, sent } = recording();
    const row = { ...post, user_id: 7, raw_source: 'secret' } as Post;
    await publishPostPublished(broadcaster, row);
    await publishPostUpdated(broadcaster, row);
    await publishPostUnpublished(broadcaster, 42);
    await publishUserUpdated(broadcaster, {
      id: 7,
      is_pro: true,
      pro_expired: '2026-12-21T12:00:00.000Z',
      telegramId: 5,
    } as never);

    expect(sent.map((m) => [m.channels, m.event])).toEqual([
      [['posts'], 'post.published'],
      [['post.42'], 'post.updated'],
      [['post.42'], 'post.unpublished'],
      [['private-user.7'], 'user.updated'],
    ]);
    expect(JSON.parse(sent[0]!.data)).toEqual({ post });
    expect(JSON.parse(sent[1]!.data)).toEqual({ post });
    expect(JSON.parse(sent[2]!.data)).toEqual({ id: 42 });
    expect(JSON.parse(sent[3]!.data)).toEqual({ id: 7, is_pro: true, pro_expired: '2026-12-21T12:00:00.000Z' });
  });

  it('refuse a payload the contract does not allow', async () => {
    const { broadcaster, sent } = recording();
    await expect(publishUserUpdated(broadcaster, { is_pro: true } as never)).rejects.toThrow();
    await expect(publishPostUnpublished(broadcaster, -1)).rejects.toThrow();
    expect(sent).toEqual([]);
  });
});
