import type { Post } from '@autoradar/contract';
import { EARLY_CALLS_GLOBAL, FIRST_PAINT_DONE } from '@autoradar/contract/early-calls';
import { feedSearchRoute } from '@autoradar/contract/routes';
import { postCardView } from '../components/post-card/card-view';
import { HEART_PATH } from '../components/post-card/heart';
import { postCardMessages as t } from '../components/post-card/messages';
import { CARD_SIZES, SMALL_SIDE } from '../components/post-card/picture';
import {
  FIRST_PAINT_CANCELLED,
  FIRST_PAINT_HANDOVER_CLASS,
  FIRST_PAINT_ID,
  FIRST_PAINT_KEY,
  FIRST_CARDS,
  readSnapshot,
  themeKey,
  type FirstPaintSnapshot,
} from './snapshot';

// The first paint from the early answer (issue 32). A returning user's feed answer is here before the app's code has
// run (the page's inline script started the call: packages/contract early-calls.ts); on a slow phone the app then
// needs most of a second of JavaScript before React puts the first cards on the page. This small script (a file of its
// own, which the page's inline script loads for a returning user only: vite-app.ts) draws the first cards from that
// answer at once, with the markup and classes of React's PostCard (the texts from the same card view: card-view.ts),
// where the last launch had them (snapshot.ts), so the app's style sheets (the first screen's among them, which the
// inline script applied) draw them as React's; the app's code waits for it a moment (wait.ts). When React's feed
// puts its own cards on the page the painted ones go in the same frame. Anything unknown or different (no answer,
// another width or theme, no snapshot) and it draws nothing: the app starts as before. So too without the feed's
// style sheets (after a deploy).

type Attrs = Record<string, string | number | undefined>;

function el(doc: Document, tag: string, attrs: Attrs, children: (Node | string | null)[] = []): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, String(value));
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function heart(doc: Document): Element {
  const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [name, value] of Object.entries({
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(name, value);
  const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  for (const [name, value] of Object.entries({
    d: HEART_PATH,
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.8',
    'stroke-linejoin': 'round',
  }))
    path.setAttribute(name, value);
  svg.append(path);
  return svg;
}

/** One card as React's PostCard renders it (before its photos change and before the favourites are known). */
export function paintCard(
  doc: Document,
  post: Post,
  now: Date,
  options: { href: string; favouriteClass: string | null; priority: boolean },
): HTMLElement {
  const view = postCardView(post, now);
  const first = view.pictures[0];
  const media = el(doc, 'div', { class: 'post-card__media' }, [
    first
      ? el(doc, 'img', {
          class: 'post-card__image',
          src: first.src,
          srcset: first.srcSet,
          sizes: first.srcSet ? CARD_SIZES : undefined,
          width: SMALL_SIDE,
          height: (SMALL_SIDE * 3) / 4,
          alt: first.alt,
          loading: options.priority ? 'eager' : 'lazy',
          decoding: 'async',
          fetchpriority: options.priority ? 'high' : 'auto',
        })
      : el(doc, 'span', { class: 'post-card__no-photo' }, [t.noPhoto]),
    view.pictures.length > 1
      ? el(
          doc,
          'span',
          { class: 'post-card__dots', role: 'img', 'aria-label': t.mediaPosition(1, view.pictures.length) },
          view.pictures.map((_, i) =>
            el(doc, 'span', { class: i === 0 ? 'post-card__dot post-card__dot--on' : 'post-card__dot' }),
          ),
        )
      : null,
  ]);
  const body = el(doc, 'span', { class: 'post-card__body' }, [
    el(doc, 'span', { class: 'post-card__title' }, [view.title]),
    el(doc, 'span', { class: 'post-card__price-line' }, [
      el(doc, 'span', { class: view.priceClass }, [view.priceText]),
      view.market
        ? el(doc, 'span', { class: view.market.className, 'data-testid': 'market-badge' }, [view.market.text])
        : null,
    ]),
    view.details ? el(doc, 'span', { class: 'post-card__details' }, [view.details]) : null,
    el(doc, 'time', { class: 'post-card__time', datetime: view.time.dateTime }, [view.time.text]),
  ]);
  const link = el(
    doc,
    'a',
    // `data-discover`: React Router's Link has it (its lazy routes' discovery); the same attributes, the same look.
    {
      class: 'post-card__link',
      'data-discover': 'true',
      href: options.href.replace('{id}', String(post.id)),
      tabindex: -1,
    },
    [media, body],
  );
  return el(doc, 'article', { class: view.className, 'data-post-id': post.id }, [
    link,
    view.mark ? el(doc, 'span', { class: view.mark.className }, [view.mark.text]) : null,
    options.favouriteClass === null
      ? null
      : el(
          doc,
          'button',
          {
            type: 'button',
            class: options.favouriteClass,
            'aria-label': t.addFavourite,
            'aria-pressed': 'false',
            title: t.addFavourite,
            tabindex: -1,
          },
          [heart(doc)],
        ),
  ]);
}

/** The first cards in the feed's grid, in a box where the last launch had the grid (hidden from screen readers). */
export function paintFirstCards(
  doc: Document,
  snapshot: FirstPaintSnapshot,
  posts: readonly Post[],
  now: Date,
): HTMLElement {
  const box = el(doc, 'div', { id: FIRST_PAINT_ID, class: snapshot.rootClass, 'aria-hidden': 'true' });
  const style = box.style;
  style.position = 'absolute';
  style.top = `${snapshot.top}px`;
  style.left = `${snapshot.left}px`;
  style.width = `${snapshot.width}px`;
  style.minHeight = '0';
  style.zIndex = '0';
  for (const [name, value] of Object.entries(snapshot.rootVars)) {
    if (name.startsWith('--') && typeof value === 'string') style.setProperty(name, value);
  }
  const count = Math.min(posts.length, Math.max(1, snapshot.cards), FIRST_CARDS);
  box.append(
    el(
      doc,
      'ul',
      { class: snapshot.gridClass },
      posts.slice(0, count).map((post, index) =>
        el(doc, 'li', { class: 'feed-grid__item' }, [
          paintCard(doc, post, now, {
            href: snapshot.href,
            favouriteClass: snapshot.favouriteClass,
            priority: index === 0,
          }),
        ]),
      ),
    ),
  );
  return box;
}

/** The painted cards go after this long in any case (the app's feed comes long before, or never). */
const PAINTED_AT_MOST_MS = 15_000;

/** How long React's first photos skip their fade-in after the handover. */
const HANDOVER_MS = 1_000;

/** Takes the painted cards away the moment React's feed puts its first card in the app's root (the same frame). */
export function handOver(doc: Document, root: Element, box: Element): void {
  const done = () => {
    if (!root.querySelector('article.post-card')) return false;
    observer.disconnect();
    box.remove();
    const html = doc.documentElement;
    html.classList.add(FIRST_PAINT_HANDOVER_CLASS);
    setTimeout(() => html.classList.remove(FIRST_PAINT_HANDOVER_CLASS), HANDOVER_MS);
    return true;
  };
  const observer = new MutationObserver(done);
  if (!done()) observer.observe(root, { childList: true, subtree: true });
}

/**
 * The page's style sheets have loaded (the app's own, and the first screen's that the inline script applied from the
 * last launch's list: packages/contract early-calls.ts).
 */
function whenStyled(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')];
  return Promise.all(
    links.map((link) =>
      link.sheet
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
    ),
  ).then(() => undefined);
}

/** Whether the page's style sheets draw the feed's cards (not so after a deploy: the first screen's are not there). */
export function hasCardStyles(doc: Document): boolean {
  const wanted = ['.feed-grid', '.post-card'];
  const found = new Set<string>();
  for (const sheet of doc.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of rules) {
      const selector = (rule as CSSStyleRule).selectorText;
      if (!selector) continue;
      for (const name of wanted) if (selector.split(',').some((part) => part.trim() === name)) found.add(name);
    }
  }
  return found.size === wanted.length;
}

interface StartedCall {
  method: string;
  path: string;
  response: Promise<Response>;
}

/** The app's root is in the page (the script comes after it: at once; else once the page is parsed). */
const whenRoot = (doc: Document) =>
  new Promise<void>((resolve) => {
    if (doc.getElementById('root') || doc.readyState !== 'loading') resolve();
    else doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });

/**
 * Draws the first cards from the early feed answer, when the last launch's snapshot fits this page, then tells the
 * app's entry it may run (FIRST_PAINT_DONE, left by the page's inline script with the promise the entry waits for:
 * packages/contract early-calls.ts, first-paint/wait.ts): once painted, or at once when nothing is painted.
 */
export function startFirstPaint(win: Window = window): Promise<boolean> {
  const painting = paint(win);
  const done = (win as unknown as Record<string, unknown>)[FIRST_PAINT_DONE];
  if (typeof done === 'function') void painting.then(() => (done as () => void)());
  return painting;
}

function paint(win: Window): Promise<boolean> {
  try {
    const doc = win.document;
    const started = (win as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
    const { method, path } = feedSearchRoute;
    const call = Array.isArray(started)
      ? (started as StartedCall[]).find((c) => c && c.method === method && c.path === path)
      : undefined;
    const snapshot = readSnapshot(win.localStorage.getItem(FIRST_PAINT_KEY), win.location.pathname);
    if (!call || !snapshot || snapshot.viewport !== win.innerWidth || snapshot.theme !== themeKey(win)) {
      return Promise.resolve(false);
    }
    // A copy of the answer: the app's client reads the answer itself, but only once this script has said so (or
    // after FIRST_PAINT_WAIT_MS: first-paint/wait.ts), so the copy is taken first. Too late, `clone()` throws and
    // nothing is painted.
    const answer = call.response.then((response) => (response.ok ? response.clone().json() : null));
    return Promise.all([answer, whenRoot(doc), whenStyled(doc)])
      .then(([body]) => {
        const posts = (body as { data?: unknown } | null)?.data;
        const root = doc.getElementById('root');
        if (!Array.isArray(posts) || posts.length === 0 || !root || root.querySelector('article.post-card'))
          return false;
        if (!hasCardStyles(doc) || (win as unknown as Record<string, unknown>)[FIRST_PAINT_CANCELLED]) return false;
        const box = paintFirstCards(doc, snapshot, posts as Post[], new Date());
        root.after(box);
        handOver(doc, root, box);
        // Should the app never show the feed's cards (it showed something else), the painted ones do not stay.
        setTimeout(() => box.remove(), PAINTED_AT_MOST_MS);
        return true;
      })
      .catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}
