// Channels and events (DESIGN §5), Pusher protocol 7 as Laravel Reverb speaks it. Their names only, without zod:
// the apps' first screen imports them (issue 32); the events' payload schemas are in realtime.ts.

/** Public: `post.published` once a listing is visible to guests (own listings at once, aggregated after their delay). */
export const POSTS_CHANNEL = 'posts';
/**
 * Private, active PRO only: `post.published` the moment PRO may see a listing, aggregated ones at once (own ones too,
 * so a PRO client listens here instead of `posts`). laravel-echo's `Echo.private('posts.pro')` subscribes to it.
 */
export const PRO_POSTS_CHANNEL = 'private-posts.pro';
export const PRIVATE_CHANNEL_PREFIX = 'private-';
/** Where pusher-js connects on REVERB_PORT. */
export const WEBSOCKET_PATH = '/app/:key';
export const PUSHER_PROTOCOL_VERSION = 7;

/** The private channel of one user. laravel-echo's `Echo.private('user.' + id)` subscribes to this very name. */
export function userChannel(id: number): `private-user.${number}` {
  return `private-user.${id}`;
}

export function postChannel(id: number): `post.${number}` {
  return `post.${id}`;
}

export type ChannelRef =
  { kind: 'user'; id: number } | { kind: 'post'; id: number } | { kind: 'posts' } | { kind: 'pro-posts' };

/** Reads a channel name back, e.g. to authorise a private subscription; null for names the product does not use. */
export function parseChannelName(name: string): ChannelRef | null {
  if (name === POSTS_CHANNEL) return { kind: 'posts' };
  if (name === PRO_POSTS_CHANNEL) return { kind: 'pro-posts' };
  const match = /^(private-user|post)\.([1-9]\d*)$/.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'post' ? { kind: 'post', id } : { kind: 'user', id };
}

export const REALTIME_EVENTS = {
  userUpdated: 'user.updated',
  postUpdated: 'post.updated',
  postUnpublished: 'post.unpublished',
  postPublished: 'post.published',
  notesChanged: 'notes.changed',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];
