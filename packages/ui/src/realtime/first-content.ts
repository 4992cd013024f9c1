// The realtime client (laravel-echo + pusher-js, ~22 kB) is fetched after the first card is on screen (issue 32), so
// on a slow network it does not compete with the feed's request, its code and its first photo. The feed says when
// its first cards are in (`markFirstContentShown`); a first screen without a feed lets it go a moment after the
// page's load event.

const AFTER_LOAD_MS = 1_500;

let shown: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  shown = resolve;
});

if (typeof window !== 'undefined') {
  const later = () => setTimeout(shown, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** The first screen's content (the feed's first cards) is on screen. */
export function markFirstContentShown(): void {
  shown();
}

/** Resolves once the first screen's content is up (or a moment after the page loaded without one). */
export function afterFirstContent(): Promise<void> {
  return gate;
}
