import { atom } from 'jotai';
import type { Filter } from '@autoradar/contract';
import { pickFilterCriteria } from '@autoradar/core';
import { atomWithCall } from '../../api/atom-with-call';
import { updatePostsStoreAtom } from '../../store/posts-store';
import { fetchSavedFilters } from './api';

// The user's saved filters (spec §2, §4): the list, the one whose values the panel holds, and a deep link's choice.

export const savedFiltersAtom = atomWithCall((signal) => fetchSavedFilters(signal));
/** The saved filter whose values the panel holds; null when none was chosen. */
export const selectedFilterIdAtom = atom<number | null>(null);

/**
 * A link named a saved filter (/search?filter=<id>) that is not among the user's: the criteriaKey of the panel as the
 * link left it, so the notice stays only until the user changes the filter; null when there is nothing to say.
 */
export const linkedFilterMissingAtom = atom<string | null>(null);

/** Choosing a saved filter loads its values into the panel (spec §4); the text query stays as typed. */
export const selectSavedFilterAtom = atom(null, (_get, set, filter: Filter | null) => {
  set(selectedFilterIdAtom, filter?.id ?? null);
  if (!filter) return;
  set(updatePostsStoreAtom, pickFilterCriteria(filter));
});
