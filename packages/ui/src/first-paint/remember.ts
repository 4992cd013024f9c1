import { earlyCallsLaunchPage } from '../api/early-calls';
import { storedReader, storedValue } from '../store/stored-value';
import {
  FIRST_CARDS,
  FIRST_PAINT_CANCELLED,
  FIRST_PAINT_ID,
  FIRST_PAINT_KEY,
  themeKey,
  type FirstPaintSnapshot,
} from './snapshot';

// The app's half of the first paint (issue 32; the painter: painter.ts): once per launch, when the feed's first cards
// are on the page, it keeps where they are and what is around them, for the next launch at the same address.

const kept = storedValue(
  FIRST_PAINT_KEY,
  storedReader((raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, FirstPaintSnapshot>) : undefined,
  ),
  { fallback: (): Record<string, FirstPaintSnapshot> => ({}) },
);

/** The theme the page started in (the launch address may lose Telegram's parameters once the app has read them). */
let launchTheme: string | null = null;
let remembered = false;

/** Read at the entry, with the launch address as the page opened it. */
export function noteLaunchTheme(): void {
  if (typeof window !== 'undefined') launchTheme = themeKey(window);
}

/** The `--tg-…` variables the Telegram SDK put on <html> (the mini-app's theme colours). */
function telegramVariables(): Record<string, string> {
  const style = document.documentElement.style;
  const vars: Record<string, string> = {};
  for (let i = 0; i < style.length; i += 1) {
    const name = style.item(i);
    if (name.startsWith('--tg-')) vars[name] = style.getPropertyValue(name);
  }
  return vars;
}

/** Keeps where the feed grid's first cards are (once per launch, for the launch's address). */
export function rememberFirstPaint(grid: HTMLElement): void {
  const page = earlyCallsLaunchPage();
  if (remembered || page === null || launchTheme === null) return;
  const items = [...grid.children] as HTMLElement[];
  const link = grid.querySelector('a.post-card__link');
  const id = grid.querySelector('article.post-card')?.getAttribute('data-post-id');
  const href = link?.getAttribute('href');
  const root = grid.closest('.app-root');
  if (!items.length || !id || !href || !href.endsWith(`/${id}`) || !root) return;
  remembered = true;
  const box = grid.getBoundingClientRect();
  const onScreen = items.filter((item) => item.getBoundingClientRect().top < window.innerHeight).length;
  const snapshot: FirstPaintSnapshot = {
    viewport: window.innerWidth,
    theme: launchTheme,
    top: box.top + window.scrollY,
    left: box.left + window.scrollX,
    width: box.width,
    gridClass: grid.className.replace(/\s*feed-grid--busy\b/, ''),
    rootClass: root.className,
    rootVars: telegramVariables(),
    href: `${href.slice(0, -id.length)}{id}`,
    favouriteClass: grid.querySelector('.post-card__favourite')?.getAttribute('class') ?? null,
    cards: Math.min(Math.max(onScreen, 1), FIRST_CARDS),
  };
  kept.write({ ...kept.read(), [page]: snapshot });
}

/** The feed's first answer is on screen: painted cards, if any are left (a feed with none, a failure), go. */
export function removeFirstPaint(): void {
  if (typeof document !== 'undefined') document.getElementById(FIRST_PAINT_ID)?.remove();
}

/**
 * The app's first screen is not the feed after all (another address, the mini-app opened outside Telegram): nothing
 * is painted, and what was painted goes.
 */
export function cancelFirstPaint(): void {
  if (typeof window === 'undefined') return;
  (window as unknown as Record<string, unknown>)[FIRST_PAINT_CANCELLED] = true;
  removeFirstPaint();
}
