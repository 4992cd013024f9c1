/** Where sign-in returns when no (usable) redirect was given; the mini-app flow lands on the feed. */
export const DEFAULT_REDIRECT_PATH = '/search';

/**
 * Sign-in redirects carry a path from the query string; only same-origin absolute paths are followed, so a crafted
 * link cannot send a fresh token's owner to another site ('//evil.example', '/\\evil.example', 'https://…').
 */
export function isSafeRedirectPath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(path);
}

export function getSafeRedirectPath(path: string | null | undefined, fallback: string = DEFAULT_REDIRECT_PATH): string {
  return path && isSafeRedirectPath(path) ? path : fallback;
}
