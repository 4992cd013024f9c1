// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { deepLinkPath, openDeepLink, openFeedAtRoot } from './deep-link';

describe('deepLinkPath', () => {
  it('maps the values the bot puts into its links', () => {
    expect(deepLinkPath('post_42')).toBe('/posts/42');
    expect(deepLinkPath('search')).toBe('/search');
    expect(deepLinkPath('pay')).toBe('/pay');
    expect(deepLinkPath('new')).toBe('/new');
    expect(deepLinkPath('filter_7')).toBe('/search?filter=7');
  });

  it('opens the feed for unknown or malformed values', () => {
    for (const value of ['', 'post_', 'post_abc', 'profile', 'post_1/../admin', 'x'.repeat(65), 'filter_-1']) {
      expect(deepLinkPath(value), value).toBe('/search');
    }
  });
});

describe('openDeepLink', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('moves a launch at the app root to the deep link, keeping the launch hash', () => {
    window.history.replaceState(null, '', '/tma/#tgWebAppData=x');
    openDeepLink('post_5', '/tma');
    expect(window.location.pathname).toBe('/tma/posts/5');
    expect(window.location.hash).toBe('#tgWebAppData=x');
  });

  it('leaves another page alone (a reload after navigating) and does nothing without a start parameter', () => {
    window.history.replaceState(null, '', '/tma/profile');
    openDeepLink('post_5', '/tma');
    expect(window.location.pathname).toBe('/tma/profile');
    window.history.replaceState(null, '', '/tma/');
    openDeepLink(undefined, '/tma');
    expect(window.location.pathname).toBe('/tma/');
  });
});

describe('openFeedAtRoot', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens the feed for a signed-in user launched at the root, without the launch hash (as the landing redirect)', () => {
    window.history.replaceState(null, '', '/tma/#tgWebAppData=x');
    openFeedAtRoot(true, '/tma');
    expect(window.location.pathname).toBe('/tma/search');
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/');
    openFeedAtRoot(true, '/');
    expect(window.location.pathname).toBe('/search');
  });

  it('leaves a guest, another page and a token coming back from sign-in where they are', () => {
    window.history.replaceState(null, '', '/tma/');
    openFeedAtRoot(false, '/tma');
    expect(window.location.pathname).toBe('/tma/');
    window.history.replaceState(null, '', '/tma/posts/5');
    openFeedAtRoot(true, '/tma');
    expect(window.location.pathname).toBe('/tma/posts/5');
    window.history.replaceState(null, '', '/#token=abc');
    openFeedAtRoot(true, '/');
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#token=abc');
  });
});
