import type { Post } from '@autoradar/contract';
import { isOwnPost } from './external-link';

/** Where an aggregated listing was published, in the form the platform's embed widget takes. */
export type EmbedSource =
  | { kind: 'telegram'; /** `channel/message_id`, Telegram's data-telegram-post. */ post: string }
  | { kind: 'vk'; ownerId: number; postId: number; hash: string };

const CHANNEL_NAME = /^[A-Za-z0-9_]{4,64}$/;

/** The source post to embed: a VK wall post (its widget needs the hash) or a Telegram channel message; else null. */
export function getEmbedSource(
  post: Pick<Post, 'channel' | 'vk_owner_id' | 'vk_post_id' | 'hash' | 'message_id'>,
): EmbedSource | null {
  if (isOwnPost(post)) return null;
  if (post.vk_owner_id !== null && post.vk_post_id !== null)
    return post.hash ? { kind: 'vk', ownerId: post.vk_owner_id, postId: post.vk_post_id, hash: post.hash } : null;
  const channel = post.channel.replace(/^@/, '');
  if (post.message_id !== null && CHANNEL_NAME.test(channel))
    return { kind: 'telegram', post: `${channel}/${post.message_id}` };
  return null;
}

export const embedKey = (source: EmbedSource) =>
  source.kind === 'vk' ? `vk:${source.ownerId}_${source.postId}` : `tg:${source.post}`;
