import { useEffect, useRef } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { POSTS_CHANNEL, PRO_POSTS_CHANNEL, REALTIME_EVENTS } from '@autoradar/contract/channels';
import { SEARCH_DEBOUNCE_MS, isProActive } from '@autoradar/core';
import { useMinuteClock } from '../../../components/post-card';
import { useChannel } from '../../../realtime';
import { useSession } from '../../../session/hooks';
import { countNewPosts } from '../api';
import { AT_TOP_PX, toSearchFilter } from '../filter-rules';
import { feedAtom, newPostsCountAtom, reloadFeedAtom } from '../state';

/**
 * `post.published` (spec §4) on `posts` for guests and basic users, on `private-posts.pro` for active PRO (aggregated
 * listings at once, DESIGN.md §5; the server authorises only PRO there): at the top of the page the feed reloads; scrolled down, the pill counts the
 * new listings of this filter (count-new, 300 ms after the last event; one per event if that call fails).
 */
export function useFeedLive(): void {
  const store = useStore();
  const reload = useSetAtom(reloadFeedAtom);
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const { user } = useSession();
  const pro = isProActive(user, useMinuteClock());
  useChannel(pro ? PRO_POSTS_CHANNEL : POSTS_CHANNEL, REALTIME_EVENTS.postPublished, ({ post }) => {
    const feed = store.get(feedAtom);
    if (feed.kind !== 'loaded' && feed.kind !== 'empty') return;
    if (feed.data.posts.some((shown) => shown.id === post.id)) return;
    if (window.scrollY <= AT_TOP_PX && store.get(newPostsCountAtom) === 0) {
      reload();
      return;
    }
    pending.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const events = pending.current;
      pending.current = 0;
      const current = store.get(feedAtom);
      if (current.kind !== 'loaded' && current.kind !== 'empty') return;
      controller.current?.abort();
      const request = new AbortController();
      controller.current = request;
      const newest = current.data.posts[0];
      countNewPosts(
        { ...toSearchFilter(current.data.criteria), latest_published_at: newest?.published_at ?? null },
        request.signal,
      ).then(
        (count) => {
          if (!request.signal.aborted) store.set(newPostsCountAtom, count);
        },
        () => {
          if (!request.signal.aborted) store.set(newPostsCountAtom, (value) => value + events);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
  });
}
