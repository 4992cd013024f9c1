import { atom } from 'jotai';
import { toggleNote } from '@autoradar/core';
import { sessionAtom } from '../session/state';
import { postsStoreAtom } from './posts-store';

/**
 * Favourites (spec §3): the set of post ids kept in the posts store's `notes`, so they persist with it. Every screen
 * (cards, the drawer badge, /notes) reads and toggles them here.
 */
export const favouriteIdsAtom = atom<readonly number[]>((get) => get(postsStoreAtom).notes);

export const favouriteIdSetAtom = atom<ReadonlySet<number>>((get) => new Set(get(favouriteIdsAtom)));

/** The drawer's badge and whether its favourites item shows (count above 0). */
export const favouritesCountAtom = atom((get) => get(favouriteIdsAtom).length);

/** What a toggle did; `sign-in-required` means nothing changed and the caller should send the guest to sign in. */
export type ToggleFavouriteResult = 'added' | 'removed' | 'sign-in-required';

/** Adds or removes one post. A guest's toggle changes nothing and asks to sign in (issue 11). */
export const toggleFavouriteAtom = atom(null, (get, set, postId: number): ToggleFavouriteResult => {
  if (get(sessionAtom).status === 'guest') return 'sign-in-required';
  const notes = get(postsStoreAtom).notes;
  const added = !notes.includes(postId);
  set(postsStoreAtom, (state) => ({ ...state, notes: toggleNote(state.notes, postId) }));
  return added ? 'added' : 'removed';
});

/** Drops ids from favourites (listings the server no longer has). */
export const removeFavouritesAtom = atom(null, (_get, set, postIds: readonly number[]) => {
  if (postIds.length === 0) return;
  const gone = new Set(postIds);
  set(postsStoreAtom, (state) => ({ ...state, notes: state.notes.filter((id) => !gone.has(id)) }));
});
