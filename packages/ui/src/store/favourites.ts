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

/**
 * The toggles' clock: `tick` counts the toggles made in this window, `at` holds the tick of each post's last one. A
 * sync notes the tick when it asks the server; a post toggled since then keeps what the user chose (the server's
 * answer may predate the toggle, which is still in flight or was answered before the list).
 */
const favouriteTogglesAtom = atom<{ tick: number; at: ReadonlyMap<number, number> }>({ tick: 0, at: new Map() });

/** Adds or removes one post. A guest's toggle changes nothing and asks to sign in (issue 11). */
export const toggleFavouriteAtom = atom(null, (get, set, postId: number): ToggleFavouriteResult => {
  const session = get(sessionAtom);
  if (session.status === 'guest') return 'sign-in-required';
  const notes = get(postsStoreAtom).notes;
  const added = !notes.includes(postId);
  set(favouriteTogglesAtom, ({ tick, at }) => ({ tick: tick + 1, at: new Map(at).set(postId, tick + 1) }));
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
 * merged into the server's, afterwards the server's list replaces the browser's, except for the posts toggled while
 * the list was on its way: those keep the user's choice (its own call tells the server). Resolves when done; a
 * failure leaves the browser's list as it is.
 */
export const syncFavouritesAtom = atom(null, async (get, set, userId: number): Promise<void> => {
  const { call } = get(favouritesCallAtom);
  const merged = mergedUsers.read();
  const local = get(postsStoreAtom).notes;
  const askedAt = get(favouriteTogglesAtom).tick;
  const entries = merged.includes(userId)
    ? (await call(routes.notes.list)).data
    : (await call(routes.notes.merge, { body: { ids: [...local] } })).data;
  if (!merged.includes(userId)) mergedUsers.write([...merged, userId]);
  const session = get(sessionAtom);
  if (session.user?.id !== userId) return;
  const { at } = get(favouriteTogglesAtom);
  const toggledSince = (id: number) => (at.get(id) ?? 0) > askedAt;
  const current = get(postsStoreAtom).notes;
  const kept = current.filter(toggledSince);
  const fromServer = entries.filter((e) => !toggledSince(e.id));
  set(favouriteEntriesAtom, (before) => {
    const next = new Map(fromServer.map((e) => [e.id, e]));
    for (const id of kept) {
      const known = before.get(id) ?? entries.find((e) => e.id === id);
      if (known) next.set(id, known);
    }
    return next;
  });
  set(postsStoreAtom, (state) => ({ ...state, notes: [...fromServer.map((e) => e.id), ...kept] }));
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
