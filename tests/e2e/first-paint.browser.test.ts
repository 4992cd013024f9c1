import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  keepStoredToken,
  launchHash,
  screenshotDir,
  signInitData,
  startJourneyServer,
  type JourneyServer,
  type TelegramUser,
} from '../support/session';
import { TELEGRAM_DARK } from '../support/telegram-themes';

// The first paint from the early answer (issue 32): a returning user's first cards are drawn from the feed's early
// answer before the app's code has run (packages/ui first-paint), where the last launch had them; React's cards take
// their place with no duplicate on any frame and nothing moving. With nothing kept, or at another width, nothing is
// painted and the app starts as before.

const USER: TelegramUser = { id: 73_301, first_name: 'Пётр', username: 'petr_first_paint' };

// Watches every frame from the page's start: the painted cards and React's, whether both were on a frame together,
// where each first card was, and the layout shifts.
const WATCH = `(() => {
  const m = { painted: null, react: null, paintedAtHandover: null, duplicateFrames: 0, cls: 0 };
  window.__firstPaint = m;
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height }; };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) m.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const frame = () => {
    const painted = document.querySelector('#first-paint article.post-card');
    const react = document.querySelector('#root article.post-card');
    if (painted) { m.paintedAtHandover = box(painted); if (!m.painted) m.painted = m.paintedAtHandover; }
    if (react && !m.react) m.react = box(react);
    if (painted && react) m.duplicateFrames += 1;
    if (!m.react || painted) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // The card as painted, before any frame (a mutation): its box and what a screen reader gets of it.
  new MutationObserver((_, observer) => {
    const card = document.querySelector('#first-paint article.post-card');
    if (!card) return;
    observer.disconnect();
    m.painted = box(card);
  }).observe(document, { subtree: true, childList: true });
})();`;

interface Watch {
  painted: { x: number; y: number; width: number; height: number } | null;
  react: { x: number; y: number; width: number; height: number } | null;
  paintedAtHandover: { x: number; y: number; width: number; height: number } | null;
  duplicateFrames: number;
  cls: number;
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 100 });
const watched = (page: Page) => page.evaluate(() => (globalThis as unknown as { __firstPaint: Watch }).__firstPaint);

describe('the first paint from the early answer (issue 32)', { timeout: 600_000 }, () => {
  let server: JourneyServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
    token = await apiToken(server, USER);
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const miniapp = (theme?: object) =>
    `${server.url}/tma/${launchHash(signInitData(USER), theme ? { tgWebAppThemeParams: JSON.stringify(theme) } : {})}`;

  async function returningUser(size: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({ viewport: size, colorScheme, reducedMotion: 'reduce' });
    await keepStoredToken(context, token);
    await context.addInitScript(WATCH);
    return context;
  }

  /** A launch to its first cards, and a moment for what comes after them (the snapshot kept for the next one). */
  async function launch(context: BrowserContext, url: string, cpu = 1): Promise<Page> {
    const page = await context.newPage();
    if (cpu > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    }
    await page.goto(url);
    await page.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
    await poll(() => page.locator('.delay-banner:not(.delay-banner--pending)').count()).toBe(1);
    return page;
  }

  async function shot(page: Page, name: string) {
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  }

  for (const app of ['miniapp', 'web'] as const) {
    for (const { size, scheme } of [
      { size: { width: 390, height: 844 }, scheme: 'light' },
      { size: { width: 1280, height: 800 }, scheme: 'dark' },
    ] as const) {
      it(`${app} ${size.width} ${scheme}: the painted cards are React's, in their place, then give way to them with no duplicate`, async () => {
        const context = await returningUser(size, scheme);
        const url = app === 'web' ? `${server.url}/search` : miniapp(scheme === 'dark' ? TELEGRAM_DARK : undefined);
        // The first launch keeps where its cards are; nothing was kept before it, so nothing is painted.
        const first = await launch(context, url);
        expect((await watched(first)).painted).toBeNull();
        const reactCard = await first.locator('#root article.post-card').first().innerText();
        await first.close();

        // Without the app's code (its entry refused), the painted cards stay: the same words as React's first card,
        // hidden from screen readers (React's come in a moment), links to the listings.
        const still = await context.newPage();
        await still.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
        await still.goto(url);
        const painted = still.locator('#first-paint article.post-card');
        await painted.first().waitFor({ timeout: 60_000 });
        expect(await painted.first().innerText()).toBe(reactCard);
        expect(await still.locator('#first-paint').getAttribute('aria-hidden')).toBe('true');
        expect(await still.getByRole('article').count()).toBe(0);
        expect(await painted.first().locator('a.post-card__link').getAttribute('href')).toMatch(/\/posts\/\d+$/);
        await shot(still, `first-paint-${app}-${size.width}-${scheme}-painted`);
        await still.close();

        // A launch on a slow phone: painted first, then React's cards in the same place, never both on a frame.
        const page = await launch(context, url, 4);
        const m = await watched(page);
        expect(m.painted).not.toBeNull();
        expect(m.duplicateFrames).toBe(0);
        expect(await page.locator('#first-paint').count()).toBe(0);
        expect(m.react).toEqual(m.paintedAtHandover);
        expect(m.cls).toBeLessThan(0.05);
        await shot(page, `first-paint-${app}-${size.width}-${scheme}-react`);
        await context.close();
      });
    }
  }

  it('paints nothing at another width than the last launch’s, nor after the kept snapshot is gone', async () => {
    const context = await returningUser({ width: 390, height: 844 });
    await (await launch(context, miniapp())).close();
    // Another width (the phone turned, another window): the app starts as before.
    const wide = await context.newPage();
    await wide.setViewportSize({ width: 600, height: 844 });
    await wide.goto(miniapp());
    await wide.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
    expect((await watched(wide)).painted).toBeNull();
    expect(await wide.locator('#root article.post-card').first().locator('.post-card__price').isVisible()).toBe(true);
    // Nothing kept (the snapshot gone, the token and the early calls still there): the app starts as before.
    await wide.evaluate(() =>
      (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage.removeItem(
        'autoradar:first-paint',
      ),
    );
    await wide.close();
    const bare = await context.newPage();
    await bare.goto(miniapp());
    await bare.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
    expect((await watched(bare)).painted).toBeNull();
    await context.close();
  });
});
