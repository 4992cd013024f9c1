import { atom, getDefaultStore, type Getter, type Setter } from 'jotai';
import type { Post } from '@autoradar/contract';
import { FEED_PAGE_SIZE, FEED_RETRY_MS } from '@autoradar/core';
import { routes } from '@autoradar/contract/routes';
import { atomWithCall, describeCallError, isOffline } from '../../api/atom-with-call';
import { rememberEarlyCall } from '../../api/early-calls';
import { postsStoreAtom } from '../../store/posts-store';
import { searchPosts, type FeedPage } from './api';
import { takePreloadedFeed } from './feed-preload';
import { criteriaFromStore, criteriaKey, nextPageRequest, toSearchFilter, type FeedCriteria } from './filter-rules';

// The feed (spec §2-§4): the applied filter, which lives in the persisted posts store, and the feed's pages for it.
// The feed is a call atom that is retained, so coming back from a listing shows the same cards at once; the next
// page, a reload and live events (a listing changed or taken off) patch it.

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

export async function loadFeed(
  criteria: FeedCriteria,
  signal: AbortSignal,
  /** The first load may take the page the entry asked for already (feed-preload.ts). */
  preloaded?: Promise<FeedPage>,
): Promise<FeedData> {
  const filter = toSearchFilter(criteria);
  // The next launch asks for this page before the app's code runs, if the filter is still this one (issue 32).
  rememberEarlyCall(routes.posts.search, filter);
  const page = await (preloaded ?? searchPosts(filter, signal));
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
export const feedAtom = atomWithCall<FeedData>(
  (signal) => {
    const criteria = getDefaultStore().get(criteriaAtom);
    return loadFeed(criteria, signal, takePreloadedFeed(criteria));
  },
  {
    retain: true,
    isEmpty: (data) => data.posts.length === 0,
  },
);

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
