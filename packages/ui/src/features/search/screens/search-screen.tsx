import { startTransition, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { isProActive, MESSAGES, type FeedLayout } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { CallFailure, failureText } from '../../../api/call-view';
import { markFirstContentShown } from '../../../store/first-content';
import { useCall } from '../../../api/use-call';
import { useMinuteClock } from '../../../components/post-card';
import { TestPeriodBanner, TestPeriodChip } from '../../../components/test-period-card/test-period-card';
import { StatusMessage } from '../../../components/status/status';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useSession } from '../../../session/hooks';
import { DelayBanner, FoundLine, LayoutToggle } from '../components/feed-header';
import { FeedGrid, FeedSkeleton } from '../components/feed-grid';
import { FilterPanel } from '../components/filter-panel';
import { LoadMore } from '../components/load-more';
import { NewPostsPill } from '../components/new-posts-pill';
import { useFeedLive } from '../hooks/use-feed-live';
import { useFeedScrollRestore, useMirrorFeedToStore, useReloadOnFilterChange } from '../hooks/use-feed-sync';
import { searchMessages as t } from '../messages';
import { feedAtom, feedLayoutAtom, feedReloadingAtom, type FeedData } from '../state';
import '../search.css';
import { FIRST_CARDS } from '../../../first-paint/snapshot';

// Whether this page has shown a feed already: only the first one is split (a feed shown again, coming back from a
// listing, renders whole so its scroll position can be restored).
let feedShownOnce = false;

/**
 * False for the first render of the page's first feed, true once the rest may render. On a slow phone React's first
 * render of the whole page of cards took most of a second before the first card was in the document (the profile in
 * docs/performance.md); the cards below the screen now come in a transition right after the first ones, which the
 * browser paints meanwhile. Nothing on screen moves: the later cards go below the first ones.
 */
function useWholeFeed(): boolean {
  const [whole, setWhole] = useState(() => feedShownOnce);
  useEffect(() => {
    feedShownOnce = true;
    if (!whole) startTransition(() => setWhole(true));
  }, [whole]);
  return whole;
}

/** The cards and the end of the grid (the next page waits until the whole first one is there). */
function LoadedFeed({ data, layout, reloading }: { data: FeedData; layout: FeedLayout; reloading: boolean }) {
  const whole = useWholeFeed();
  return (
    <>
      <div className="feed-head">
        <FoundLine total={data.total} all={data.all} />
        <LayoutToggle />
      </div>
      <FeedGrid posts={whole ? data.posts : data.posts.slice(0, FIRST_CARDS)} layout={layout} busy={reloading} />
      {whole ? <LoadMore hasMore={data.hasMore} hasPosts={data.posts.length > 0} /> : null}
    </>
  );
}

export interface FeedViewProps {
  state: CallState<FeedData>;
  retry: () => void;
  layout: FeedLayout;
  reloading: boolean;
}

/** The feed for a given load state: skeletons, the failure with a retry, nothing found, or the cards. */
export function FeedView({ state, retry, layout, reloading }: FeedViewProps) {
  switch (state.kind) {
    case 'loading':
      return <FeedSkeleton layout={layout} />;
    case 'offline':
    case 'failed':
      return <CallFailure look="inline" message={failureText(state)} retry={retry} retryLabel={t.retry} />;
    case 'empty':
      return (
        <>
          <div className="feed-head">
            <FoundLine total={0} all={state.data.all} />
          </div>
          <StatusMessage look="inline" header={MESSAGES.nothingFound} aria-busy={reloading} />
        </>
      );
    case 'loaded':
      return <LoadedFeed data={state.data} layout={layout} reloading={reloading} />;
  }
}

/**
 * The search screen (spec §2, route `search`): the filter panel, the test-period offer, the tariff banner and the live
 * feed. The feed comes first (issue 32): the search box and one row of chips (the saved filters and the put-away
 * offer among them), a compact offer the user can put away, the delay banner in one line, then the cards.
 */
export function SearchScreen() {
  const { user, status } = useSession();
  const { state, retry } = useCall(feedAtom);
  const layout = useAtomValue(feedLayoutAtom);
  const reloading = useAtomValue(feedReloadingAtom);
  const now = useMinuteClock();
  useDocumentTitle(t.documentTitle(readAppName()));
  useReloadOnFilterChange();
  useMirrorFeedToStore();
  useFeedLive();
  useFeedScrollRestore(state.kind === 'loaded' || state.kind === 'empty');
  // The feed's first answer is on screen (its cards, nothing found, or its failure): what the first screen does not
  // need may load now (issue 32: the realtime client, the stored feed's check).
  const answered = state.kind !== 'loading';
  useEffect(() => {
    if (answered) markFirstContentShown();
  }, [answered]);

  return (
    <main className="search-screen">
      <h1 className="visually-hidden">{t.heading}</h1>
      <FilterPanel user={user} guest={status === 'guest'} now={now} extra={<TestPeriodChip />} />
      <TestPeriodBanner />
      {user && !isProActive(user, now) ? (
        <DelayBanner />
      ) : status === 'loading' ? (
        // The feed may come before the user (it is asked for from the entry): the banner's place is kept so the
        // cards do not move when it appears (issue 32); for a PRO user it closes.
        <DelayBanner pending />
      ) : null}
      <NewPostsPill />
      <FeedView state={state} retry={retry} layout={layout} reloading={reloading} />
    </main>
  );
}
