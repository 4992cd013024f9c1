import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { SEARCH_DEBOUNCE_MS } from '@autoradar/core';
import { feedScrollYAtom, updatePostsStoreAtom } from '../../../store/posts-store';
import { criteriaKeyAtom, feedAtom, reloadFeedAtom } from '../state';

/**
 * Reloads the feed 300 ms after the filter last changed (spec §9), and at once when the retained feed answers
 * another filter than the one applied now (changed in another tab). Coming back to the same filter reloads nothing.
 */
export function useReloadOnFilterChange(): void {
  const key = useAtomValue(criteriaKeyAtom);
  const store = useStore();
  const reload = useSetAtom(reloadFeedAtom);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    const feed = store.get(feedAtom);
    const shownKey = feed.kind === 'loaded' || feed.kind === 'empty' ? feed.data.key : null;
    if (requested.current === null) {
      // First run: the mount load (or the retained feed) answers the current filter unless the keys say otherwise.
      requested.current = key;
      if (shownKey !== null && shownKey !== key) reload();
      return;
    }
    if (key === requested.current) return;
    requested.current = key;
    const timer = setTimeout(reload, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, store, reload]);
}

/** Keeps the posts store's copy of the feed (posts, totalCount, all) in step with what is shown (spec §3). */
export function useMirrorFeedToStore(): void {
  const feed = useAtomValue(feedAtom);
  const update = useSetAtom(updatePostsStoreAtom);
  const data = feed.kind === 'loaded' || feed.kind === 'empty' ? feed.data : null;
  useEffect(() => {
    if (data) update({ posts: data.posts, totalCount: data.total, all: data.all });
  }, [data, update]);
}

/**
 * Coming back from a listing puts the feed where it was (spec §3 scrollY, not persisted): the position is saved when
 * the screen goes and restored once the retained cards are on screen again.
 */
export function useFeedScrollRestore(ready: boolean): void {
  const store = useStore();
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const y = store.get(feedScrollYAtom);
    if (y > 0) window.scrollTo(0, y);
  }, [ready, store]);
  // A layout effect, so the listener goes in the same commit that removes the feed: the shorter page that replaces it
  // makes the browser clamp the scroll position, and that scroll event must not overwrite the saved one (a passive
  // effect's clean-up can run after it on a busy machine).
  useLayoutEffect(() => {
    const save = () => store.set(feedScrollYAtom, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
    };
  }, [store]);
}
