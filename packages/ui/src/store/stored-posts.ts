import { PostSchema, type Post } from '@autoradar/contract';
import * as z from 'zod/mini';
import { listOf } from './stored-value';

// The posts store's stored feed, read through the contract's PostSchema: a card it refuses is dropped, the others
// kept. Loaded after the first card (posts-store.ts): PostSchema is classic zod, which the first screen does not carry.

const StoredPostsSchema = z.object({ posts: listOf(PostSchema) });

/** The `posts` stored under `key`, each one the contract's Post; empty when there is none or storage is refused. */
export function readStoredPosts(key: string): Post[] {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return [];
    const parsed = z.safeParse(StoredPostsSchema, JSON.parse(text));
    return parsed.success ? parsed.data.posts : [];
  } catch {
    return [];
  }
}
