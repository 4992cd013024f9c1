import { hasForbiddenChars } from './control-chars';

/** Where sign-in returns when no (usable) redirect was given; the mini-app flow lands on the feed. */
export const DEFAULT_REDIRECT_PATH = '/search';

/** Longer paths are refused: a path this long is no link a user followed, and it would swell the Location header. */
export const REDIRECT_PATH_MAX_LENGTH = 2048;

/**
 * Sign-in redirects carry a path from the query string; only same-origin absolute paths are followed, so a crafted
 * link cannot send a fresh token's owner to another site ('//evil.example', '/\\evil.example', 'https://…').
 * Letters of any script are fine (`/search?q=Лада`); whitespace and control characters are not.
 */
export function isSafeRedirectPath(path: string): boolean {
  return path.length <= REDIRECT_PATH_MAX_LENGTH && /^\/(?![/\\])[^\s\\]*$/.test(path) && !hasForbiddenChars(path);
}

export function getSafeRedirectPath(path: string | null | undefined, fallback: string = DEFAULT_REDIRECT_PATH): string {
  return path && isSafeRedirectPath(path) ? path : fallback;
}

/**
 * A safe path as it may stand in a Location header: every character outside printable ASCII percent-encoded as
 * UTF-8 (an HTTP header cannot carry `Лада`), while escapes already present (`%D0%9B`) and ASCII stay as they are.
 */
export function encodeRedirectPath(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
}
