// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { routes, type SearchPostsRequest } from '@autoradar/contract';
import {
  EARLY_CALLS_GLOBAL,
  EARLY_CALLS_KEY,
  EARLY_CALLS_SCRIPT,
  EARLY_MODULES_KEY,
  FIRST_PAINT_DONE,
  FIRST_PAINT_READY,
  TOKEN_STORAGE_KEY,
} from '@autoradar/contract/early-calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A returning user's first calls start from the page's inline script before the app's code (issue 32); the app's
// client takes those answers for the very same calls, once.

const FILTER: SearchPostsRequest = { brands: [3], priceTo: 900_000 };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The page's fetch as the inline script meets it: records what was sent, answers with a numbered page. */
function pageFetch() {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body });
    return new Response(JSON.stringify({ data: [], meta: { total: sent.length, all: 0 } }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch, sent };
}

/** Runs the very text the page carries as its inline script. */
const runInlineScript = () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs this text; the test runs the same
  const script = new Function(EARLY_CALLS_SCRIPT) as () => void;
  script();
};

async function load() {
  vi.resetModules();
  return { ...(await import('./early-calls')), ...(await import('./client')) };
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/tma/');
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first calls of a launch, kept and started early', () => {
  it('keeps the first screen’s calls for the launch address only when the entry says so', async () => {
    const { rememberEarlyCall, keepEarlyCallsForThisLaunch } = await load();
    rememberEarlyCall(routes.posts.search, FILTER);
    expect(localStorage.getItem(EARLY_CALLS_KEY)).toBeNull();

    keepEarlyCallsForThisLaunch();
    rememberEarlyCall(routes.user.data);
    rememberEarlyCall(routes.posts.search, FILTER);
    rememberEarlyCall(routes.posts.search, { ...FILTER, brands: [4] }); // the filter changed: the same call, new body
    expect(JSON.parse(localStorage.getItem(EARLY_CALLS_KEY)!)).toEqual({
      '/tma/': [
        { method: 'GET', path: '/api/user/data' },
        { method: 'POST', path: '/api/posts/search', body: JSON.stringify({ ...FILTER, brands: [4] }) },
      ],
    });
  });

  it('starts the kept calls with the stored token, and the client takes each answer once instead of asking', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    localStorage.setItem(
      EARLY_CALLS_KEY,
      JSON.stringify({
        '/tma/': [
          { method: 'GET', path: '/api/user/data' },
          { method: 'POST', path: '/api/posts/search', body: JSON.stringify(FILTER) },
          { method: 'GET', path: 'https://elsewhere.test/steal' },
        ],
      }),
    );
    const page = pageFetch();
    vi.stubGlobal('fetch', page.fetch);
    runInlineScript();
    expect(page.sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/user/data', 'POST /api/posts/search']);
    expect(page.sent[1]?.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    });
    expect(page.sent[1]?.body).toBe(JSON.stringify(FILTER));

    const { createApiClient, takeEarlyResponse } = await load();
    const network = vi.fn(async () => Response.json({ data: [], meta: { total: 99, all: 0 } }));
    const { call } = createApiClient({ fetch: network, getToken: () => 'tok-1', takeEarlyResponse });
    const first = await call(routes.posts.search, { body: FILTER });
    expect(first.meta.total).toBe(2); // the inline script's answer
    expect(network).not.toHaveBeenCalled();
    const again = await call(routes.posts.search, { body: FILTER });
    expect(again.meta.total).toBe(99); // taken once: the next call asks the network
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('does not take an answer for another body or another token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    localStorage.setItem(
      EARLY_CALLS_KEY,
      JSON.stringify({ '/tma/': [{ method: 'POST', path: '/api/posts/search', body: JSON.stringify(FILTER) }] }),
    );
    vi.stubGlobal('fetch', pageFetch().fetch);
    runInlineScript();
    const { createApiClient, takeEarlyResponse } = await load();
    const network = vi.fn(async () => Response.json({ data: [], meta: { total: 99, all: 0 } }));
    const other = createApiClient({ fetch: network, getToken: () => 'tok-2', takeEarlyResponse });
    expect((await other.call(routes.posts.search, { body: FILTER })).meta.total).toBe(99);
    const same = createApiClient({ fetch: network, getToken: () => 'tok-1', takeEarlyResponse });
    expect((await same.call(routes.posts.search, { body: { ...FILTER, brands: [5] } })).meta.total).toBe(99);
    expect((await same.call(routes.posts.search, { body: FILTER })).meta.total).toBe(1);
  });

  it('loads the first paint’s script for a returning user only, with the promise the app’s entry waits for', () => {
    const w = window as unknown as Record<string, unknown>;
    const painter = () => [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    document.head.innerHTML = '<meta name="autoradar-first-paint" content="/tma/assets/first-paint-A1.js">';
    vi.stubGlobal('fetch', pageFetch().fetch);
    // A new device: no token, nothing loaded, nothing to wait for.
    localStorage.setItem(EARLY_CALLS_KEY, JSON.stringify({ '/tma/': [{ method: 'GET', path: '/api/user/data' }] }));
    runInlineScript();
    expect(painter()).toEqual([]);
    expect(w[FIRST_PAINT_READY]).toBeUndefined();
    // A returning user.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    runInlineScript();
    expect(painter()).toEqual(['/tma/assets/first-paint-A1.js']);
    expect(w[FIRST_PAINT_READY]).toBeInstanceOf(Promise);
    expect(typeof w[FIRST_PAINT_DONE]).toBe('function');
    // Only an address of the page's own.
    document.head.innerHTML = '<meta name="autoradar-first-paint" content="https://elsewhere.example/x.js">';
    runInlineScript();
    expect(painter()).toEqual([]);
    document.head.innerHTML = '';
    delete w[FIRST_PAINT_READY];
    delete w[FIRST_PAINT_DONE];
  });

  it('starts nothing without a token, on another address, or on a deep-link launch', async () => {
    localStorage.setItem(EARLY_CALLS_KEY, JSON.stringify({ '/tma/': [{ method: 'GET', path: '/api/user/data' }] }));
    const page = pageFetch();
    vi.stubGlobal('fetch', page.fetch);
    runInlineScript();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    window.history.replaceState(null, '', '/tma/profile');
    runInlineScript();
    window.history.replaceState(null, '', '/tma/#tgWebAppData=x&tgWebAppStartParam=post_5');
    runInlineScript();
    window.history.replaceState(null, '', '/tma/?startapp=post_5');
    runInlineScript();
    expect(page.sent).toEqual([]);
    localStorage.setItem(EARLY_CALLS_KEY, '{not json');
    window.history.replaceState(null, '', '/tma/');
    expect(runInlineScript).not.toThrow();
    expect(page.sent).toEqual([]);
  });
});

describe('the first screen’s code, kept and asked for early', () => {
  /** The page as the build serves it: the entry's module script in the head. */
  function page(entry: string) {
    document.head.innerHTML = `<script type="module" crossorigin src="${entry}"></script>`;
  }
  const early = () =>
    [...document.head.querySelectorAll('link')].map(
      (link) =>
        `${link.rel}${link.getAttribute('as') ? `:${link.getAttribute('as')}` : ''} ${link.getAttribute('href')}`,
    );

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('keeps the chunks the first screen took, and the next launch of the same build asks for them with its calls', async () => {
    page('/tma/assets/index-A1.js');
    // What Vite's loader put into the page for the feed's lazy screen, and what is not the build's own.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="stylesheet" href="/tma/assets/index-A1.css">' +
        '<link rel="modulepreload" href="/tma/assets/search-screen-B2.js">' +
        '<link rel="modulepreload" href="/tma/assets/post-card-C3.js">' +
        '<link rel="stylesheet" href="/tma/assets/search-screen-D4.css">' +
        '<link rel="modulepreload" href="https://elsewhere.test/tma/assets/x.js">' +
        '<link rel="icon" href="/tma/assets/icon.png">',
    );
    const { rememberEarlyModules, keepEarlyCallsForThisLaunch } = await load();
    rememberEarlyModules();
    expect(localStorage.getItem(EARLY_MODULES_KEY)).toBeNull(); // not a launch the entry keeps
    keepEarlyCallsForThisLaunch();
    rememberEarlyModules();
    expect(JSON.parse(localStorage.getItem(EARLY_MODULES_KEY)!)).toEqual({
      '/tma/': {
        entry: '/tma/assets/index-A1.js',
        files: [
          '/tma/assets/index-A1.css',
          '/tma/assets/search-screen-B2.js',
          '/tma/assets/post-card-C3.js',
          '/tma/assets/search-screen-D4.css',
        ],
      },
    });

    // The next launch: the page's own style sheet is there already; the rest is asked for from the inline script.
    page('/tma/assets/index-A1.js');
    document.head.insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="/tma/assets/index-A1.css">');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    localStorage.setItem(EARLY_CALLS_KEY, JSON.stringify({ '/tma/': [{ method: 'GET', path: '/api/user/data' }] }));
    const sent = pageFetch();
    vi.stubGlobal('fetch', sent.fetch);
    runInlineScript();
    expect(sent.sent.map((s) => s.url)).toEqual(['/api/user/data']);
    expect(early()).toEqual([
      'stylesheet /tma/assets/index-A1.css',
      'modulepreload /tma/assets/search-screen-B2.js',
      'modulepreload /tma/assets/post-card-C3.js',
      // Applied at once (not only fetched): the first paint's cards need the feed's styles before the app runs.
      'stylesheet /tma/assets/search-screen-D4.css',
    ]);
  });

  it('asks for nothing after a deploy (another entry), without a token, or for a file outside the entry’s folder', () => {
    localStorage.setItem(
      EARLY_MODULES_KEY,
      JSON.stringify({
        '/tma/': {
          entry: '/tma/assets/index-A1.js',
          files: ['/tma/assets/search-screen-B2.js', '/assets/other.js', '/tma/assets/../x.js', '/tma/assets/a".js'],
        },
      }),
    );
    localStorage.setItem(EARLY_CALLS_KEY, JSON.stringify({ '/tma/': [{ method: 'GET', path: '/api/user/data' }] }));
    vi.stubGlobal('fetch', pageFetch().fetch);
    page('/tma/assets/index-A1.js');
    runInlineScript(); // no token
    expect(early()).toEqual([]);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    page('/tma/assets/index-Z9.js');
    runInlineScript(); // a new build
    expect(early()).toEqual([]);
    page('/tma/assets/index-A1.js');
    runInlineScript();
    expect(early()).toEqual(['modulepreload /tma/assets/search-screen-B2.js']);
  });
});
