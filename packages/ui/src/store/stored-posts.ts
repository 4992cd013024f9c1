import { PostSchema, type Post } from '@autoradar/contract';
import { listOf } from './stored-value';

// The posts store's stored feed, read through the contract's PostSchema: a card it refuses is dropped, the others
// kept. Loaded after the first card (posts-store.ts): PostSchema is classic zod, which the first screen does not carry.

const posts = listOf(PostSchema);

/** The `posts` stored under `key`, each one the contract's Post; empty when there is none or storage is refused. */
export function readStoredPosts(key: string): Post[] {
  try {
    const text = localStorage.getItem(key);
    const stored: unknown = text === null ? null : JSON.parse(text);
    const parsed = posts.safeParse(
      typeof stored === 'object' && stored !== null ? (stored as { posts?: unknown }).posts : null,
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
