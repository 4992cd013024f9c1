import type { Post } from '@autoradar/contract';
import { OWN_CHANNEL } from '@autoradar/core';

export function isOwnPost(post: Pick<Post, 'channel'>): boolean {
  return post.channel === OWN_CHANNEL;
}

const HTTP_URL = /^https?:\/\//i;

/**
 * Where 'Перейти к объявлению' leads for an aggregated listing: its own url, else the VK wall post, else the Telegram
 * channel message; null for the product's own listings and for anything without a usable address.
 */
export function getExternalPostUrl(
  post: Pick<Post, 'channel' | 'url' | 'vk_owner_id' | 'vk_post_id' | 'message_id'>,
): string | null {
  if (isOwnPost(post)) return null;
  if (post.url && HTTP_URL.test(post.url)) return post.url;
  if (post.vk_owner_id !== null && post.vk_post_id !== null)
    return `https://vk.com/wall${post.vk_owner_id}_${post.vk_post_id}`;
  const channel = post.channel.replace(/^@/, '');
  if (post.message_id !== null && /^[A-Za-z0-9_]+$/.test(channel)) {
    return `https://t.me/${encodeURIComponent(channel)}/${post.message_id}`;
  }
  return null;
}
