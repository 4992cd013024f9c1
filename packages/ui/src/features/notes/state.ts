import { atom, getDefaultStore } from 'jotai';
import type { Post } from '@autoradar/contract';
import { atomWithCall } from '../../api/atom-with-call';
import { favouriteIdsAtom } from '../../store/favourites';
import { fetchNotes } from './api';

/** The favourite listings, loaded afresh on each visit for the ids in the posts store. */
export const notesAtom = atomWithCall<Post[]>((signal) => fetchNotes(getDefaultStore().get(favouriteIdsAtom), signal));

/** What the screen lists: the loaded listings still favourited, the latest favourite first. */
export function visibleNotes(posts: readonly Post[], ids: readonly number[]): Post[] {
  const order = new Map(ids.map((id, index) => [id, index]));
  return posts.filter((post) => order.has(post.id)).sort((a, b) => (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0));
}

/** post.updated / post.unpublished on a listed favourite. */
export const replaceNoteAtom = atom(null, (_get, set, post: Post) =>
  set(notesAtom, {
    type: 'update',
    update: (posts) => posts.map((shown) => (shown.id === post.id ? { ...post, isUpdated: true } : shown)),
  }),
);
export const dropNoteAtom = atom(null, (_get, set, postId: number) =>
  set(notesAtom, { type: 'update', update: (posts) => posts.filter((shown) => shown.id !== postId) }),
);
