import { getDefaultStore } from 'jotai';
import { keepEarlyCallsForThisLaunch } from '../../api/early-calls';
import { cancelFirstPaint, noteLaunchTheme } from '../../first-paint/remember';
import { readStoredToken, subscribeToStoredToken } from '../../api/token-storage';
import { expectFeedFirst } from '../../store/first-content';
import { postsStoreAtom } from '../../store/posts-store';
import { CARD_SIZES, mediaPicture, pictureSrcSet } from '../../components/post-card/picture';
import { searchPosts, type FeedPage } from './api';
import { feedAtom, loadFeed } from './feed-state';
import { criteriaFromStore, criteriaKey, toSearchFilter, type FeedCriteria } from './filter-rules';
import { SearchScreen } from './routes';

// No waiting in a row (issue 32): the feed's first page is asked for as soon as the token is known — by the entry,
// before the search screen's code has loaded, for a returning user; the moment sign-in stores the token for a new
// device (during the spec's 2 s «Вы вошли» screen). The feed takes that answer for its first load instead of asking
// again (feed-state.ts), when it is for the same filter and the same token and still fresh. With the request go the
// search screen's code and, once the page is here, the first card's photo, so neither waits for the other.

/** An answer older than this is not used: the feed asks again (a listing may have come or gone meanwhile). */
export const FEED_PRELOAD_MAX_AGE_MS = 30_000;

interface Preload {
  key: string;
  token: string;
  startedAt: number;
  page: Promise<FeedPage>;
}

let preload: Preload | null = null;

function currentCriteria(): FeedCriteria {
  return criteriaFromStore(getDefaultStore().get(postsStoreAtom));
}

/** The search screen's code, asked for once; settles (never rejects) when it is there or has failed. */
function preloadScreen(): Promise<void> {
  // A failed chunk is the route's to report, when it renders.
  return SearchScreen.preload().catch(() => undefined);
}

/** Starts the request for the applied filter with the stored token, unless one for the same is under way. */
export function preloadFeed(now = Date.now()): void {
  const token = readStoredToken();
  if (!token) return;
  const criteria = currentCriteria();
  const key = criteriaKey(criteria);
  if (preload && preload.key === key && preload.token === token) return;
  const page = searchPosts(toSearchFilter(criteria));
  page.then(preloadFirstPhoto, () => undefined); // a failure is the feed's to show, when it asks itself
  // The screen that shows it.
  void preloadScreen();
  preload = { key, token, startedAt: now, page };
  // The feed's call runs from this page now, so a screen that mounts once the answer is here renders the cards in its
  // first render instead of a loading pass first (issue 32).
  const store = getDefaultStore();
  if (store.get(feedAtom).kind === 'loading') {
    store.set(feedAtom, { type: 'run', load: (signal) => loadFeed(criteria, signal, takePreloadedFeed(criteria)) });
  }
}

/**
 * The first card's photo, asked for as the card will ask (same srcset and sizes, high priority), so the browser has
 * it or has it coming when the card renders.
 */
function preloadFirstPhoto(page: FeedPage): void {
  const file = page.posts[0]?.mediaFiles[0];
  const src = file ? mediaPicture(file) : null;
  if (!file || !src || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  const srcSet = pictureSrcSet(file);
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', CARD_SIZES);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * The preloaded first page for this filter, taken once; undefined when there is none for it (another filter or
 * token, too old, or already taken), and the feed asks itself.
 */
export function takePreloadedFeed(criteria: FeedCriteria, now = Date.now()): Promise<FeedPage> | undefined {
  const taken = preload;
  preload = null;
  if (!taken) return undefined;
  if (taken.key !== criteriaKey(criteria) || taken.token !== readStoredToken()) return undefined;
  if (now - taken.startedAt > FEED_PRELOAD_MAX_AGE_MS) return undefined;
  return taken.page;
}

/**
 * The apps' entries call this before the first render: the feed starts now when the first screen is the feed and
 * the token is stored, and once sign-in stores a token when `onSignIn` says the feed comes next.
 *
 * Resolves when the first render may start: at once, or, when a stored token opens the feed, once the search
 * screen's code is there (or has failed). The entry renders then, so the first render is the feed's screen itself
 * in one pass: rendered while its code was still loading, the route would show a spinner and React would reveal the
 * screen in a later, time-sliced pass that yields to the browser every few milliseconds — on a slow phone most of a
 * second longer (issue 32, docs/performance.md).
 */
export function startFeedPreload({
  firstScreenIsFeed,
  onSignIn = false,
}: {
  firstScreenIsFeed: boolean;
  onSignIn?: boolean;
}): Promise<void> {
  const signedIn = firstScreenIsFeed && readStoredToken() !== undefined;
  // What the feed does not need waits for its first cards.
  if (firstScreenIsFeed || onSignIn) expectFeedFirst({ signedIn });
  if (!firstScreenIsFeed) cancelFirstPaint();
  if (firstScreenIsFeed) {
    keepEarlyCallsForThisLaunch(); // the page starts this launch's first calls next time (api/early-calls.ts)
    noteLaunchTheme(); // and paints its first cards from their answer when nothing differs (first-paint/)
    preloadFeed();
  }
  if (onSignIn) {
    let known = readStoredToken();
    subscribeToStoredToken(() => {
      const token = readStoredToken();
      if (token && token !== known) preloadFeed();
      known = token;
    });
  }
  return signedIn ? preloadScreen() : Promise.resolve();
}
