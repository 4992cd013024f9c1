import { describe, expect, expectTypeOf, it } from 'vitest';
import { samplePost, sampleUser } from './fixtures';
import {
  BroadcastingAuthRequestSchema,
  parseChannelName,
  postChannel,
  POSTS_CHANNEL,
  PRO_POSTS_CHANNEL,
  REALTIME_EVENTS,
  realtimeEvents,
  TriggerEventRequestSchema,
  userChannel,
  type RealtimeEventPayload,
} from './realtime';

describe('channels', () => {
  it('builds the channel names of DESIGN §5', () => {
    expect(userChannel(7)).toBe('private-user.7');
    expect(postChannel(42)).toBe('post.42');
    expect(POSTS_CHANNEL).toBe('posts');
    expect(PRO_POSTS_CHANNEL).toBe('private-posts.pro');
  });

  it('reads channel names back', () => {
    expect(parseChannelName('private-user.7')).toEqual({ kind: 'user', id: 7 });
    expect(parseChannelName('post.42')).toEqual({ kind: 'post', id: 42 });
    expect(parseChannelName('posts')).toEqual({ kind: 'posts' });
    expect(parseChannelName('private-posts.pro')).toEqual({ kind: 'pro-posts' });
    expect(parseChannelName('posts.pro')).toBeNull();
    expect(parseChannelName('private-posts')).toBeNull();
    expect(parseChannelName('user.7')).toBeNull();
    expect(parseChannelName('private-user.0')).toBeNull();
    expect(parseChannelName('private-user.7x')).toBeNull();
  });
});

describe('events', () => {
  it('names the five events', () => {
    expect(Object.values(REALTIME_EVENTS)).toEqual([
      'user.updated',
      'post.updated',
      'post.unpublished',
      'post.published',
      'notes.changed',
    ]);
    expect(realtimeEvents['notes.changed'].channel).toBe('private-user.{id}');
    expect(realtimeEvents['post.published'].channel).toBe('posts');
    expect(realtimeEvents['post.published'].channels).toEqual(['posts', 'private-posts.pro']);
    expect(realtimeEvents['user.updated'].channel).toBe('private-user.{id}');
  });

  it('checks payloads', () => {
    expect(realtimeEvents['user.updated'].payload.safeParse({ id: 1, is_pro: true }).success).toBe(true);
    expect(realtimeEvents['user.updated'].payload.safeParse(sampleUser).success).toBe(true);
    expect(realtimeEvents['user.updated'].payload.safeParse({ is_pro: true }).success).toBe(false);
    expect(realtimeEvents['post.updated'].payload.safeParse({ post: samplePost }).success).toBe(true);
    expect(realtimeEvents['post.published'].payload.safeParse({ post: { id: 1 } }).success).toBe(false);
    expect(realtimeEvents['post.unpublished'].payload.safeParse({ id: 42 }).success).toBe(true);
    expectTypeOf<RealtimeEventPayload<'post.unpublished'>>().toEqualTypeOf<{ id: number }>();
  });
});

describe('realtime HTTP calls', () => {
  it('authorises with socket_id and channel_name', () => {
    expect(
      BroadcastingAuthRequestSchema.safeParse({ socket_id: '123.456', channel_name: 'private-user.7' }).success,
    ).toBe(true);
    expect(BroadcastingAuthRequestSchema.safeParse({ socket_id: 'abc', channel_name: 'private-user.7' }).success).toBe(
      false,
    );
  });

  it('publishes an event with string data', () => {
    expect(
      TriggerEventRequestSchema.safeParse({ name: 'post.published', channel: 'posts', data: '{"post":{}}' }).success,
    ).toBe(true);
    expect(TriggerEventRequestSchema.safeParse({ name: 'post.published', data: {} }).success).toBe(false);
  });
});
