import { atom } from 'jotai';
import type { NoteEntry } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { isId } from '@autoradar/contract/ids';
import { toggleNote } from '@autoradar/core';
import { call as appCall, type Call } from '../api/client';
import { sessionAtom } from '../session/state';
import { postsStoreAtom } from './posts-store';
import { listOf, storedReader, storedValue } from './stored-value';

/**
 * Favourites (spec §3): the set of post ids kept in the posts store's `notes`, so they persist with it. Every screen
 * (cards, the drawer badge, /notes) reads and toggles them here. For a signed-in user the server keeps them (issue
 * 33): the browser's ids are uploaded once after sign-in, then the server's list is the truth, each toggle is sent to
 * it, and the user's other tabs and devices follow through `notes.changed` on their private channel. A guest's stay
 * in this browser.
 */
export const favouriteIdsAtom = atom<readonly number[]>((get) => get(postsStoreAtom).notes);

export const favouriteIdSetAtom = atom<ReadonlySet<number>>((get) => new Set(get(favouriteIdsAtom)));

/** The drawer's badge and whether its favourites item shows (count above 0). */
export const favouritesCountAtom = atom((get) => get(favouriteIdsAtom).length);

/** The server's favourites by listing id (the price when added); empty for a guest or before the first sync. */
export const favouriteEntriesAtom = atom<ReadonlyMap<number, NoteEntry>>(new Map<number, NoteEntry>());

/** What a toggle did; `sign-in-required` means nothing changed and the caller should send the guest to sign in. */
export type ToggleFavouriteResult = 'added' | 'removed' | 'sign-in-required';

/** The calls the favourites make; tests replace them. */
export const favouritesCallAtom = atom<{ call: Call }>({ call: appCall });

/** The users whose browser favourites were uploaded already (once per user and browser). */
const mergedUsers = storedValue('notes-merged', listOf(storedReader((raw) => (isId(raw) ? raw : undefined))), {
  fallback: () => [] as number[],
});

/** Adds or removes one post. A guest's toggle changes nothing and asks to sign in (issue 11). */
export const toggleFavouriteAtom = atom(null, (get, set, postId: number): ToggleFavouriteResult => {
  const session = get(sessionAtom);
  if (session.status === 'guest') return 'sign-in-required';
  const notes = get(postsStoreAtom).notes;
  const added = !notes.includes(postId);
  set(postsStoreAtom, (state) => ({ ...state, notes: toggleNote(state.notes, postId) }));
  if (session.status === 'signedIn') {
    const { call } = get(favouritesCallAtom);
    const sent = added
      ? call(routes.notes.add, { params: { id: String(postId) } }).then(({ data }) =>
          set(favouriteEntriesAtom, (entries) => new Map(entries).set(data.id, data)),
        )
      : call(routes.notes.remove, { params: { id: String(postId) } }).then(() =>
          set(favouriteEntriesAtom, (entries) => {
            const next = new Map(entries);
            next.delete(postId);
            return next;
          }),
        );
    // Refused or offline: the heart goes back to what the server holds.
    sent.catch(() =>
      set(postsStoreAtom, (state) => ({
        ...state,
        notes: added ? state.notes.filter((id) => id !== postId) : toggleNote(state.notes, postId),
      })),
    );
  }
  return added ? 'added' : 'removed';
});

/**
 * After sign-in (or at start with a token): the first time for this user in this browser the browser's ids are
 * merged into the server's, afterwards the server's list replaces the browser's. Resolves when done; a failure leaves
 * the browser's list as it is.
 */
export const syncFavouritesAtom = atom(null, async (get, set, userId: number): Promise<void> => {
  const { call } = get(favouritesCallAtom);
  const merged = mergedUsers.read();
  const local = get(postsStoreAtom).notes;
  const entries = merged.includes(userId)
    ? (await call(routes.notes.list)).data
    : (await call(routes.notes.merge, { body: { ids: [...local] } })).data;
  if (!merged.includes(userId)) mergedUsers.write([...merged, userId]);
  const session = get(sessionAtom);
  if (session.user?.id !== userId) return;
  set(favouriteEntriesAtom, new Map(entries.map((e) => [e.id, e])));
  set(postsStoreAtom, (state) => ({ ...state, notes: entries.map((e) => e.id) }));
});

/** `notes.changed` from the user's private channel: another tab or device added or removed a favourite. */
export const applyNoteChangeAtom = atom(null, (_get, set, change: { id: number; note: NoteEntry | null }) => {
  const { id, note } = change;
  set(favouriteEntriesAtom, (entries) => {
    const next = new Map(entries);
    if (note) next.set(id, note);
    else next.delete(id);
    return next;
  });
  set(postsStoreAtom, (state) => {
    const has = state.notes.includes(id);
    if (note && !has) return { ...state, notes: [...state.notes, id] };
    if (!note && has) return { ...state, notes: state.notes.filter((n) => n !== id) };
    return state;
  });
});

/** Drops ids from favourites (listings the server no longer has). */
export const removeFavouritesAtom = atom(null, (_get, set, postIds: readonly number[]) => {
  if (postIds.length === 0) return;
  const gone = new Set(postIds);
  set(postsStoreAtom, (state) => ({ ...state, notes: state.notes.filter((id) => !gone.has(id)) }));
});
