import { rememberEarlyModules } from '../api/early-calls';
import { removeFirstPaint } from '../first-paint/remember';
// What the first screen does not need waits until its content is on screen (issue 32): the realtime client
// (laravel-echo, pusher-js and the events' schemas) and the stored feed's check against the contract's PostSchema
// (classic zod). On a slow network they would otherwise compete with the feed's request, its code and its first
// photo. The feed opens the gate when its first answer is on screen (cards, nothing found, or its failure); a first
// screen without a feed lets it open a moment after the page's load event. When the entry says the feed comes first,
// the load event is no sign of anything (on a slow network it comes seconds before the first card): only a long
// fallback, for a feed that never answers, stands in for it. Whatever waits must not lose anything meanwhile: the realtime client queues every
// subscription until it runs (realtime/client.ts), and the favourites are synced again once the user's channel is
// subscribed (realtime/session-binding.tsx).

const AFTER_LOAD_MS = 1_500;
const FEED_FIRST_FALLBACK_MS = 20_000;

let feedFirst = false;
let feedFirstSignedIn = false;
let shown = false;

let open: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  open = resolve;
});

if (typeof window === 'undefined' || typeof document === 'undefined') open();
else {
  const later = () => setTimeout(open, feedFirst ? FEED_FIRST_FALLBACK_MS : AFTER_LOAD_MS);
  // Already loaded (the app's code runs after the first paint, possibly after the page's load event: issue 32): a
  // task later, so that the entry has said by then whether the feed comes first.
  if (document.readyState === 'complete') setTimeout(later, 0);
  else window.addEventListener('load', later, { once: true });
}

/**
 * The entry's word that the first screen is the feed (or sign-in, then the feed): the feed opens the gate.
 * `signedIn`: a stored token opens the feed at once (a returning user's launch).
 */
export function expectFeedFirst({ signedIn = false }: { signedIn?: boolean } = {}): void {
  feedFirst = true;
  if (signedIn) feedFirstSignedIn = true;
}

/**
 * A returning user's launch opens the feed, which shows its own loading state (skeletons, the delay banner's place
 * kept) and needs nothing of the user to show its cards: the app's overlay spinner, meant for screens that cannot
 * render before the session is known, would only hide the first cards for its 1 s minimum (issue 32).
 */
export function feedOpensSignedIn(): boolean {
  return feedFirstSignedIn;
}

/** The first screen's content (the feed's first answer) is on screen. */
export function markFirstContentShown(): void {
  // The code it took, for the next launch's page to ask for early (api/early-calls.ts).
  if (!shown) rememberEarlyModules();
  shown = true;
  removeFirstPaint();
  open();
}

/** Resolves once the first screen's content is up, or a moment after the page loaded without one. */
export function afterFirstContent(): Promise<void> {
  return gate;
}
