// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import {
  EARLY_CALLS_GLOBAL,
  FIRST_PAINT_DONE,
  FIRST_PAINT_META,
  FIRST_PAINT_READY,
} from '@autoradar/contract/early-calls';
import { FIRST_PAINT_META as BUILD_META } from '../vite-app';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type Platform } from '../platform';
import { PostCard } from '../components/post-card/post-card';
import { handOver, paintCard, paintFirstCards, startFirstPaint } from './painter';
import { firstPaintSettled } from './wait';
import {
  FIRST_PAINT_HANDOVER_CLASS,
  FIRST_PAINT_ID,
  FIRST_PAINT_KEY,
  readSnapshot,
  themeKey,
  type FirstPaintSnapshot,
} from './snapshot';

// The first paint (issue 32): the card drawn before React is React's PostCard, element for element and word for word,
// for every kind of listing; it goes when React's first card comes; and it draws nothing when anything differs.

const NOW = new Date('2025-06-15T10:00:00.000Z');
const platform: Platform = { kind: 'web', openLink: () => {} };

const POSTS: Post[] = [
  // New, two photos and a video's poster (the dots), price in roubles, year and place.
  {
    ...samplePost,
    id: 1,
    mediaFiles: [
      { type: 'photo', url: '/m/1.jpg', url_sm: '/m/1_sm.jpg', title: null },
      { type: 'photo', url: '/m/2.jpg', url_sm: '/m/2_sm.jpg', title: 'Салон' },
      { type: 'video', src: '/m/3.mp4', poster: '/m/3_poster.jpg', title: 'Обзор' },
    ],
  },
  // Updated, a foreign price with the market's badge, one photo with no small copy.
  {
    ...samplePost,
    id: 2,
    isNew: false,
    isUpdated: true,
    price: 15_000,
    currency: 'usd',
    market: { verdict: 'good', low: 14_000, median: 16_000, high: 18_000, comparables: 12 },
    mediaFiles: [{ type: 'photo', url: '/m/4.jpg', url_sm: null, title: null }],
  },
  // No price, no year, no place, no photo, a day old.
  {
    ...samplePost,
    id: 3,
    isNew: false,
    price: null,
    year: null,
    location: null,
    published_at: '2025-06-14T08:00:00.000Z',
    mediaFiles: [],
  },
  // A video without a poster only: no picture.
  { ...samplePost, id: 4, isNew: false, mediaFiles: [{ type: 'video', src: '/m/5.mp4', poster: null, title: null }] },
] as Post[];

/** An element as a tree of tags, attributes (sorted) and texts, to compare two renderings. */
interface Shape {
  tag: string;
  attrs: Record<string, string>;
  children: (Shape | string)[];
}
function shape(node: Element, skip: (name: string, element: Element) => boolean = () => false): Shape {
  const attrs: Record<string, string> = {};
  for (const { name, value } of [...node.attributes].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!skip(name, node)) attrs[name] = value;
  }
  const children: (Shape | string)[] = [];
  for (const child of node.childNodes) {
    if (child.nodeType === 3) {
      if (child.textContent) children.push(child.textContent);
    } else if (child.nodeType === 1) {
      const element = child as Element;
      // The UI kit's ripple inside its button comes only with a press.
      if (node.tagName === 'BUTTON' && element.tagName !== 'svg') continue;
      children.push(shape(element, skip));
    }
  }
  return { tag: node.tagName.toLowerCase(), attrs, children };
}

function reactCard(post: Post, priority: boolean): Element {
  const { container } = render(
    <Provider store={createStore()}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={['/search']}>
            <PostCard post={post} priority={priority} />
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
  return container.querySelector('article.post-card')!;
}

const snapshot = (over: Partial<FirstPaintSnapshot> = {}): FirstPaintSnapshot => ({
  viewport: 390,
  theme: themeKey(window),
  top: 212,
  left: 12,
  width: 366,
  gridClass: 'feed-grid feed-grid--single',
  rootClass: 'tgui-root app-root',
  rootVars: { '--tg-theme-bg-color': '#212121' },
  href: '/tma/posts/{id}',
  favouriteClass: 'tgui-b5d680db78c4cc2e favourite-button post-card__favourite',
  cards: 2,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.className = '';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
  delete (window as unknown as Record<string, unknown>)[FIRST_PAINT_READY];
  delete (window as unknown as Record<string, unknown>)[FIRST_PAINT_DONE];
});

describe('the painted card', () => {
  it.each(POSTS.map((post, i) => [post.id, post, i === 0] as const))(
    'is React’s PostCard, element for element and word for word (post %s)',
    (_, post, priority) => {
      const react = reactCard(post, priority);
      const favouriteClass = react.querySelector('.post-card__favourite')!.getAttribute('class');
      const painted = paintCard(document, post, NOW, { href: '/posts/{id}', favouriteClass, priority });
      // Only the painted card is out of the tab order (React's takes its place in a moment).
      const skip = (name: string) => name === 'tabindex';
      expect(shape(painted, skip)).toEqual(shape(react, skip));
      expect(painted.querySelector('a')!.getAttribute('tabindex')).toBe('-1');
    },
  );
});

describe('the first cards', () => {
  it('are the first screen’s cards in the feed’s grid, where the last launch had it, hidden from screen readers', () => {
    const box = paintFirstCards(document, snapshot(), POSTS, NOW);
    expect(box.id).toBe(FIRST_PAINT_ID);
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.className).toBe('tgui-root app-root');
    expect([box.style.position, box.style.top, box.style.left, box.style.width]).toEqual([
      'absolute',
      '212px',
      '12px',
      '366px',
    ]);
    expect(box.style.getPropertyValue('--tg-theme-bg-color')).toBe('#212121');
    const grid = box.querySelector('ul')!;
    expect(grid.className).toBe('feed-grid feed-grid--single');
    expect(
      [...grid.querySelectorAll('li.feed-grid__item > article.post-card')].map((a) => a.getAttribute('data-post-id')),
    ).toEqual(['1', '2']);
    expect(grid.querySelector('a')!.getAttribute('href')).toBe('/tma/posts/1');
    // The first photo first and at once, as React's first card.
    expect(grid.querySelector('img')!.getAttribute('fetchpriority')).toBe('high');
    expect(grid.querySelectorAll('img')[1]!.getAttribute('loading')).toBe('lazy');
  });

  it('go the moment React puts its first card in the root, and React’s photos do not fade in again', async () => {
    const root = document.getElementById('root')!;
    const box = paintFirstCards(document, snapshot(), POSTS, NOW);
    root.after(box);
    handOver(document, root, box);
    root.innerHTML = '<main><div class="feed-skeletons"></div></main>';
    await Promise.resolve();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<ul><li><article class="post-card"></article></li></ul>';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(document.documentElement.classList.contains(FIRST_PAINT_HANDOVER_CLASS)).toBe(true);
  });
});

describe('startFirstPaint', () => {
  const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  function launch(response: Promise<Response>, kept: FirstPaintSnapshot | null = snapshot()) {
    (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = [
      { method: 'GET', path: '/api/user/filters', token: 't', response: answer({ data: [] }) },
      { method: 'POST', path: '/api/posts/search', token: 't', response },
    ];
    if (kept) localStorage.setItem(FIRST_PAINT_KEY, JSON.stringify({ [location.pathname]: kept }));
    vi.stubGlobal('innerWidth', 390);
  }

  beforeEach(() => {
    // The feed's styles, as the first screen's style sheets bring them.
    document.head.innerHTML =
      '<style>.feed-grid { display: grid } .post-card, .post-card--new { display: flex }</style>';
  });

  it('paints the early feed answer after the root, and the app still reads the answer itself', async () => {
    const response = answer({ data: POSTS, meta: { total: 4, all: 4 } });
    launch(response);
    await expect(startFirstPaint(window)).resolves.toBe(true);
    const box = document.getElementById(FIRST_PAINT_ID)!;
    expect(document.getElementById('root')!.nextElementSibling).toBe(box);
    expect(box.querySelectorAll('article.post-card')).toHaveLength(2);
    const app = (await (await response).json()) as { data: Post[] };
    expect(app.data).toHaveLength(4);
  });

  it.each([
    ['no snapshot kept', () => launch(answer({ data: POSTS }), null)],
    ['another width', () => launch(answer({ data: POSTS }), snapshot({ viewport: 1280 }))],
    ['another theme', () => launch(answer({ data: POSTS }), snapshot({ theme: 'dark|{"bg_color":"#000"}' }))],
    ['a refused call', () => launch(answer({ message: 'Требуется авторизация' }, 401))],
    ['an empty feed', () => launch(answer({ data: [] }))],
    ['a broken snapshot', () => localStorage.setItem(FIRST_PAINT_KEY, '{"/":{"viewport":"wide"}}')],
    ['no early call', () => undefined],
  ])('paints nothing with %s', async (_, arrange) => {
    arrange();
    await expect(startFirstPaint(window)).resolves.toBe(false);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('lets the app run once the cards are painted, at once when it paints nothing, and without the script', async () => {
    await expect(firstPaintSettled()).resolves.toBeUndefined();
    // What the page's inline script leaves for a returning user (packages/contract early-calls.ts).
    const leave = () => {
      const w = window as unknown as Record<string, unknown>;
      w[FIRST_PAINT_READY] = new Promise((done) => (w[FIRST_PAINT_DONE] = done));
    };
    leave();
    let answered: (response: Response) => void = () => undefined;
    launch(new Promise<Response>((resolve) => (answered = resolve)));
    const painting = startFirstPaint(window);
    let settled = false;
    void firstPaintSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answered(new Response(JSON.stringify({ data: POSTS })));
    await painting;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(true);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    // Nothing to paint (another width): the app runs at once.
    document.getElementById(FIRST_PAINT_ID)!.remove();
    leave();
    launch(answer({ data: POSTS }), snapshot({ viewport: 1280 }));
    void startFirstPaint(window);
    let atOnce = false;
    void firstPaintSettled().then(() => (atOnce = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(atOnce).toBe(true);
  });

  it('is named by the build as the page’s inline script looks for it', () => {
    expect(BUILD_META).toBe(FIRST_PAINT_META);
  });

  it('paints nothing without the feed’s style sheets (after a deploy they come only with the app)', async () => {
    document.head.innerHTML = '<style>.app-root { display: block }</style>';
    launch(answer({ data: POSTS }));
    await expect(startFirstPaint(window)).resolves.toBe(false);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('paints nothing once React’s cards are there', async () => {
    launch(answer({ data: POSTS }));
    document.getElementById('root')!.innerHTML = '<article class="post-card"></article>';
    await expect(startFirstPaint(window)).resolves.toBe(false);
  });
});

describe('the snapshot', () => {
  it('is read only whole', () => {
    const kept = snapshot();
    expect(readSnapshot(JSON.stringify({ '/search': kept }), '/search')).toEqual(kept);
    expect(readSnapshot(JSON.stringify({ '/search': kept }), '/tma/')).toBeNull();
    expect(readSnapshot(JSON.stringify({ '/search': { ...kept, top: 'x' } }), '/search')).toBeNull();
    expect(readSnapshot('not json', '/search')).toBeNull();
    expect(readSnapshot(null, '/search')).toBeNull();
  });

  it('knows the theme by the mini-app’s theme parameters and the system’s light or dark', () => {
    const win = (hash: string, dark: boolean) =>
      ({ location: { hash }, matchMedia: () => ({ matches: dark }) }) as unknown as Window;
    const params = encodeURIComponent('{"bg_color":"#212121"}');
    expect(themeKey(win(`#tgWebAppThemeParams=${params}`, false))).toBe('light|{"bg_color":"#212121"}');
    expect(themeKey(win('', true))).toBe('dark|');
  });
});
