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
