// What the app keeps of its first screen for the next launch's first paint (issue 32; the painter: painter.ts).
// Nothing here imports React: the painter is a small script of its own that runs before the app's code.

/** Where the app keeps, per launch address (a pathname, as the early calls), where its first cards were. */
export const FIRST_PAINT_KEY = 'autoradar:first-paint';

/** The painted cards' container (one, after the app's root). */
export const FIRST_PAINT_ID = 'first-paint';

/** On <html> for a moment after the handover: React's first photos do not fade in again over the painted ones. */
export const FIRST_PAINT_HANDOVER_CLASS = 'first-paint-handover';

/** Set on window by the app when its first screen is not the feed after all: nothing is painted (painter.ts). */
export const FIRST_PAINT_CANCELLED = '__AUTORADAR_FIRST_PAINT_CANCELLED__';

/**
 * The cards of the page's first feed rendered in the search screen's first pass: what a screen shows at most (four
 * columns of two rows); the rest of the page follows at once, in a pass of its own. The painter draws at most as many.
 */
export const FIRST_CARDS = 8;

/** Where the feed's first cards were on the last launch, and what they looked like around them. */
export interface FirstPaintSnapshot {
  /** The window's width then; the painter paints only at the same width. */
  viewport: number;
  /** The theme then (themeKey); the painter paints only in the same theme. */
  theme: string;
  /** The feed grid's box in the document, in CSS pixels. */
  top: number;
  left: number;
  width: number;
  /** The grid's classes (its layout: columns by width). */
  gridClass: string;
  /** The app root's classes (the UI kit's theme variables, light or dark) and the Telegram theme's variables. */
  rootClass: string;
  rootVars: Record<string, string>;
  /** A card's link with `{id}` in place of the listing's id. */
  href: string;
  /** The favourite button's classes; null when the cards had none. */
  favouriteClass: string | null;
  /** How many cards were on the first screen. */
  cards: number;
}

/**
 * The theme a page starts in: the mini-app's theme from its launch address (Telegram's `tgWebAppThemeParams`) and the
 * system's light or dark preference. The painter draws only when it is the one the snapshot was taken in.
 */
export function themeKey(win: Pick<Window, 'location' | 'matchMedia'>): string {
  let params: string;
  try {
    params = new URLSearchParams(win.location.hash.slice(1)).get('tgWebAppThemeParams') ?? '';
  } catch {
    params = '';
  }
  const dark = typeof win.matchMedia === 'function' && win.matchMedia('(prefers-color-scheme: dark)').matches;
  return `${dark ? 'dark' : 'light'}|${params}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The snapshot kept for this address, when there is one of the right shape. */
export function readSnapshot(raw: string | null, page: string): FirstPaintSnapshot | null {
  try {
    const pages: unknown = JSON.parse(raw ?? '{}');
    const s = isRecord(pages) ? pages[page] : undefined;
    if (!isRecord(s)) return null;
    const numbers = ['viewport', 'top', 'left', 'width', 'cards'].every((k) => Number.isFinite(s[k]));
    const strings = ['theme', 'gridClass', 'rootClass', 'href'].every((k) => typeof s[k] === 'string');
    if (!numbers || !strings || !isRecord(s['rootVars'])) return null;
    if (s['favouriteClass'] !== null && typeof s['favouriteClass'] !== 'string') return null;
    return s as unknown as FirstPaintSnapshot;
  } catch {
    return null;
  }
}
