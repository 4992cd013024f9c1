import { parseStartPayload } from '@autoradar/core';
import { PATHS, postPath, searchWithFilterPath } from '../paths';

// Deep links into the mini-app (issue 13): the `startapp` value of a t.me link, which Telegram hands over as
// start_param. Core's parseStartPayload reads it (the bot's /start reads its payload with it too, and the bot's
// links are built from the same values); here each value gets its page.

/** The in-app path a start parameter opens; unknown or malformed values open the feed. */
export function deepLinkPath(startParam: string): string {
  const start = parseStartPayload(startParam);
  switch (start?.kind) {
    case 'post':
      return postPath(start.postId);
    case 'filter':
      return searchWithFilterPath(start.filterId);
    case 'pay':
      return PATHS.pay;
    case 'new':
      return PATHS.newListing;
    case 'search':
    case undefined:
      return PATHS.search;
  }
}

/**
 * Before the router starts: a launch with a start parameter at the app's root opens the deep link's page instead,
 * keeping the launch hash (the SDK and the sign-in read it). A reload on another page keeps that page.
 */
export function openDeepLink(startParam: string | undefined, basename: string): void {
  if (!startParam || typeof window === 'undefined') return;
  const root = basename.replace(/\/+$/, '');
  const { pathname, hash } = window.location;
  if (pathname !== root && pathname !== `${root}/`) return;
  window.history.replaceState(window.history.state, '', `${root}${deepLinkPath(startParam)}${hash}`);
}

/**
 * Before the router starts: a signed-in user launched at the app's root opens the feed at once (spec §2: `/` sends
 * a signed-in user to search), without the launch's hash and query, as LandingRoute's redirect does one render
 * later. That redirect is a navigation, which React Router renders as a transition: in slices that yield to the
 * browser every few milliseconds, most of a second longer for the first screen on a slow phone (issue 32). A
 * `#token=` coming back from sign-in stays at the root for SessionStart, as before.
 */
export function openFeedAtRoot(signedIn: boolean, basename: string): void {
  if (!signedIn || typeof window === 'undefined') return;
  const root = basename.replace(/\/+$/, '');
  const { pathname, hash } = window.location;
  if (pathname !== root && pathname !== `${root}/`) return;
  if (new URLSearchParams(hash.replace(/^#/, '')).has('token')) return;
  window.history.replaceState(window.history.state, '', `${root}${PATHS.search}`);
}
