import { atom, getDefaultStore, type Getter, type Setter } from 'jotai';
import { z } from 'zod';
import type { Brand, City, Filter, Post } from '@autoradar/contract';
import {
  FEED_LAYOUTS,
  FEED_PAGE_SIZE,
  FEED_RETRY_MS,
  keepModelsOfBrands,
  pickFilterCriteria,
  type FeedLayout,
} from '@autoradar/core';
import { atomWithCall, callFamily, describeCallError, isOffline } from '../../api/atom-with-call';
import { modelsMapAtom, postsStoreAtom, updatePostsStoreAtom } from '../../store/posts-store';
import { storedValue } from '../../store/stored-value';
import { fetchModels } from '../../api/reference';
import { fetchSavedFilters, searchPosts } from './api';
import { criteriaFromStore, criteriaKey, nextPageRequest, toSearchFilter, type FeedCriteria } from './filter-rules';

// The search screen's state (spec §2-§4). The applied filter lives in the persisted posts store; the feed is a call
// atom that is retained, so coming back from a listing shows the same cards at once.

export const criteriaAtom = atom((get) => criteriaFromStore(get(postsStoreAtom)));
/** Changes only when the filter does (a favourite toggled elsewhere in the store does not count). */
export const criteriaKeyAtom = atom((get) => criteriaKey(get(criteriaAtom)));

export interface FeedData {
  /** The filter these cards answer (criteriaKey) and the filter itself, for the next page's request. */
  key: string;
  criteria: FeedCriteria;
  posts: Post[];
  total: number;
  all: number;
  /** A full page came back, so there may be more. */
  hasMore: boolean;
}

export async function loadFeed(criteria: FeedCriteria, signal: AbortSignal): Promise<FeedData> {
  const page = await searchPosts(toSearchFilter(criteria), signal);
  return {
    key: criteriaKey(criteria),
    criteria,
    posts: page.posts,
    total: page.total,
    all: page.all,
    hasMore: page.posts.length >= FEED_PAGE_SIZE,
  };
}

/** The feed's first page for the applied filter; later pages and live events patch it (`update`). */
export const feedAtom = atomWithCall<FeedData>((signal) => loadFeed(getDefaultStore().get(criteriaAtom), signal), {
  retain: true,
  isEmpty: (data) => data.posts.length === 0,
});

/** A reload that keeps the cards on screen is under way (the grid dims instead of turning into skeletons). */
export const feedReloadingAtom = atom(false);

export type LoadMoreState =
  { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string; offline: boolean };

export const loadMoreStateAtom = atom<LoadMoreState>({ status: 'idle' });

/** New listings announced since the feed loaded while the user was scrolled down (the pill, spec §4). */
export const newPostsCountAtom = atom(0);

// One load-more at a time; a reload cancels it and its pending retry.
let loadMoreController: AbortController | null = null;
let loadMoreRetry: ReturnType<typeof setTimeout> | null = null;
let reloadRun = 0;

function stopLoadMore(): void {
  loadMoreController?.abort();
  loadMoreController = null;
  if (loadMoreRetry) clearTimeout(loadMoreRetry);
  loadMoreRetry = null;
}

/** Reloads the first page for the current filter; cards already shown stay until the answer comes. */
export const reloadFeedAtom = atom(null, (get, set) => {
  stopLoadMore();
  set(loadMoreStateAtom, { status: 'idle' });
  set(newPostsCountAtom, 0);
  const criteria = get(criteriaAtom);
  const shown = get(feedAtom).kind;
  const run = ++reloadRun;
  set(feedReloadingAtom, true);
  set(feedAtom, {
    type: 'run',
    keepData: shown === 'loaded' || shown === 'empty',
    load: async (signal) => {
      try {
        return await loadFeed(criteria, signal);
      } finally {
        if (run === reloadRun) set(feedReloadingAtom, false);
      }
    },
  });
});

/** Appends the next page (keyset cursor after the last card). A failure retries by itself after 5 s (spec §4). */
export const loadMoreAtom = atom(null, (get, set): Promise<void> => loadMore(get, set));

async function loadMore(get: Getter, set: Setter): Promise<void> {
  const state = get(feedAtom);
  if (state.kind !== 'loaded' || !state.data.hasMore || get(loadMoreStateAtom).status === 'loading') return;
  const { key, criteria, posts } = state.data;
  const last = posts.at(-1);
  if (!last) return;
  stopLoadMore();
  const controller = new AbortController();
  loadMoreController = controller;
  set(loadMoreStateAtom, { status: 'loading' });
  try {
    const page = await searchPosts(nextPageRequest(criteria, last), controller.signal);
    if (controller.signal.aborted) return;
    set(feedAtom, {
      type: 'update',
      update: (data) => {
        if (data.key !== key) return data;
        const known = new Set(data.posts.map((post) => post.id));
        return {
          ...data,
          posts: [...data.posts, ...page.posts.filter((post) => !known.has(post.id))],
          total: page.total,
          all: page.all,
          hasMore: page.posts.length >= FEED_PAGE_SIZE,
        };
      },
    });
    set(loadMoreStateAtom, { status: 'idle' });
  } catch (error) {
    if (controller.signal.aborted) return;
    set(loadMoreStateAtom, { status: 'failed', message: describeCallError(error), offline: isOffline(error) });
    loadMoreRetry = setTimeout(() => {
      loadMoreRetry = null;
      const now = get(feedAtom);
      if (get(loadMoreStateAtom).status === 'failed' && now.kind === 'loaded' && now.data.key === key) {
        void loadMore(get, set);
      }
    }, FEED_RETRY_MS);
  } finally {
    if (loadMoreController === controller) loadMoreController = null;
  }
}

/** A listing changed (post.updated): its card shows the new data, marked updated. */
export const markPostUpdatedAtom = atom(null, (_get, set, post: Post) => {
  set(feedAtom, {
    type: 'update',
    update: (data) =>
      data.posts.some((shown) => shown.id === post.id)
        ? { ...data, posts: data.posts.map((shown) => (shown.id === post.id ? { ...post, isUpdated: true } : shown)) }
        : data,
  });
});

/** A listing was taken off (post.unpublished): its card goes, and an exact count drops by one. */
export const removePostAtom = atom(null, (_get, set, postId: number) => {
  set(feedAtom, {
    type: 'update',
    update: (data) => {
      if (!data.posts.some((post) => post.id === postId)) return data;
      return {
        ...data,
        posts: data.posts.filter((post) => post.id !== postId),
        total: Math.max(0, data.total - 1),
        all: Math.max(0, data.all - 1),
      };
    },
  });
});

// The layout toggle (spec §2), kept in localStorage.
export const FEED_LAYOUT_KEY = 'feed-layout';
const storedLayout = storedValue(FEED_LAYOUT_KEY, z.enum(FEED_LAYOUTS), {
  fallback: (): FeedLayout => 'single',
  format: 'text',
});

const layoutBaseAtom = atom<FeedLayout>(storedLayout.read());
export const feedLayoutAtom = atom(
  (get) => get(layoutBaseAtom),
  (_get, set, layout: FeedLayout) => {
    set(layoutBaseAtom, layout);
    storedLayout.write(layout);
  },
);

/** The models of the chosen brands, keyed by the sorted brand ids ('3,7'); each brand's list is the shared one. */
export const modelsOfBrandsAtom = callFamily(
  async (key, signal) => {
    const brandIds = key.split(',').filter(Boolean).map(Number);
    const lists = await Promise.all(brandIds.map((id) => fetchModels(id, signal)));
    return lists.flat();
  },
  { retain: true },
);

export const brandsKey = (brands: readonly number[]) => [...brands].sort((a, b) => a - b).join(',');

/** Names of selected brands and cities met so far (lists and by-id loads), for the chips. */
export const knownBrandsAtom = atom<ReadonlyMap<number, Brand>>(new Map());
export const knownCitiesAtom = atom<ReadonlyMap<number, City>>(new Map());

function remember<T extends { id: number }>(known: ReadonlyMap<number, T>, items: readonly T[]) {
  if (items.every((item) => known.get(item.id) === item)) return known;
  const next = new Map(known);
  for (const item of items) next.set(item.id, item);
  return next;
}

export const rememberBrandsAtom = atom(null, (get, set, brands: readonly Brand[]) => {
  const next = remember(get(knownBrandsAtom), brands);
  if (next !== get(knownBrandsAtom)) set(knownBrandsAtom, next);
});
export const rememberCitiesAtom = atom(null, (get, set, cities: readonly City[]) => {
  const next = remember(get(knownCitiesAtom), cities);
  if (next !== get(knownCitiesAtom)) set(knownCitiesAtom, next);
});

/** Applies a brand selection; the models of brands no longer chosen go with them (spec §4). */
export const applyBrandsAtom = atom(null, (get, set, brands: readonly number[]) => {
  const { models } = get(postsStoreAtom);
  const map = get(modelsMapAtom);
  const known = models.flatMap((id) => {
    const model = map.get(id);
    return model ? [model] : [];
  });
  const keptKnown = new Set(keepModelsOfBrands(known, brands).map((model) => model.id));
  // A model not loaded yet cannot be checked; with no brand left every model goes.
  const kept = brands.length === 0 ? [] : models.filter((id) => !map.has(id) || keptKnown.has(id));
  set(updatePostsStoreAtom, { brands: [...brands], models: kept });
});

/**
 * Applies a model selection. A brand name can stand for two brands (BMW cars and motorcycles, chosen together in the
 * brands dialog); once models of one of them are chosen, its namesakes without chosen models are dropped, or the
 * search would still match every model of theirs (core's matchFilter: a brand without chosen models matches any).
 */
export const applyModelsAtom = atom(null, (get, set, models: readonly number[]) => {
  const { brands } = get(postsStoreAtom);
  const known = get(knownBrandsAtom);
  const map = get(modelsMapAtom);
  const withModels = new Set(models.flatMap((id) => map.get(id)?.car_brand_id ?? []));
  const nameOf = (id: number) => known.get(id)?.name;
  const kept = brands.filter(
    (id) =>
      withModels.has(id) ||
      !brands.some(
        (other) => other !== id && withModels.has(other) && nameOf(other) !== undefined && nameOf(other) === nameOf(id),
      ),
  );
  set(updatePostsStoreAtom, { models: [...models], brands: kept });
});

/** The user's saved filters (loaded when the selector shows). */
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
