import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { EARLY_CALLS_KEY } from '@autoradar/contract/early-calls';
import { launchBrowser } from '../support/browser';
import { CPU_SLOWDOWN, FAST_4G } from './phone-profile';
import { repoRoot } from '../support/server';
import {
  apiToken,
  launchHash,
  signInitData,
  startJourneyServer,
  keepStoredToken,
  type JourneyServer,
} from '../support/session';

// The first card on a phone (issue 32): how long a buyer waits for the first listing of the feed, on Chrome DevTools'
// "Fast 4G" profile with a 4× slower CPU, against the built apps served by the API as `pnpm start` serves them
// (hashed assets pre-compressed, brotli to a browser that accepts it). Run `pnpm build` first.
//
//   pnpm --filter @autoradar/tests bench:first-card          (RUNS=5 by default: the median of RUNS launches)
//   EARLY_CALLS=off …   the page's inline script starts no call (the app's own preload only), for a comparison
//   SERVER_URL=http://… a server already running instead of a new one
//
// Each launch is a new tab at 390×844 (device scale 3, touch) with the network and CPU throttled over CDP before the
// page opens. The time is the page's own clock (performance.now(), from the navigation's start) at the moment the
// first `article.post-card` with its title and price is in the document; "seen" is the first frame after that in
// which its title is on screen with nothing over it (the app's overlay spinner covers the whole app while it shows);
// "photo" is when its picture has loaded.
//   - returning, warm: a signed-in user (stored token) opening the app again, HTTP cache from the previous launch;
//   - returning, cache cleared: the same after a deploy (Network.clearBrowserCache, the token kept);
//   - new device (mini-app): no token, the account exists; the time from the end of the spec's 2 s «Вы вошли» screen
//     (the redirect to /search) to the first card;
//   - the floor: a bare page from the same server (an HTML file and one small script among the mini-app's assets)
//     that signs in with the same initData, asks for the same feed page and draws the first card's markup.
// Also: the JavaScript that came over the wire before the first card (encoded bodies of the `.js` resources fetched,
// from Resource Timing), and the layout shift (CLS) in all and after the first card, read once the network is quiet.

const RUNS = Number(process.env['RUNS'] ?? 5);
const USER = { id: 72_032, first_name: 'Покупатель', username: 'first_card' };
const BARE_DIR = path.join(repoRoot, 'apps/miniapp/dist/assets');
const BARE_HTML = '__bench-bare.html';
const BARE_JS = '__bench-bare.js';

interface Launch {
  card: number;
  /** When the card's title was on screen, not covered (read once a frame after the card is in the document). */
  seen: number | null;
  photo: number | null;
  /** When the address became /search (the end of the signed-in screen for a new device). */
  search: number | null;
  jsWire: number;
  jsFiles: number;
  /** The scripts counted in jsWire: file name and encoded bytes. */
  jsList: string[];
  cls: number;
  clsAfterCard: number;
}

// Runs in every page before its scripts (the tests have no DOM types, so it is plain JavaScript): the first card's
// moment, the JS fetched until then, and the layout shifts.
const WATCH_FIRST_CARD = `(() => {
  const m = { card: null, seen: null, photo: null, search: null, jsWire: 0, jsFiles: 0, jsList: [], cls: 0, clsAfterCard: 0 };
  window.__firstCard = m;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      m.cls += entry.value;
      if (m.card !== null) m.clsAfterCard += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    if (m.search === null && location.pathname.endsWith('/search')) m.search = performance.now();
    const card = document.querySelector('article.post-card');
    if (!card) return;
    if (m.card === null && card.querySelector('.post-card__title') && card.querySelector('.post-card__price')) {
      m.card = performance.now();
      for (const entry of performance.getEntriesByType('resource')) {
        if (!new URL(entry.name).pathname.endsWith('.js') || entry.transferSize === 0) continue;
        m.jsWire += entry.encodedBodySize;
        m.jsFiles += 1;
        m.jsList.push(new URL(entry.name).pathname.split('/').pop() + ' ' + entry.encodedBodySize);
      }
    }
    const img = card.querySelector('img');
    if (m.photo === null && img && img.complete && img.naturalWidth > 0) m.photo = performance.now();
  };
  // Seen: the card's title is on screen and nothing covers it (an overlay spinner over the whole app would).
  const seen = () => {
    const title = m.card === null ? null : document.querySelector('article.post-card .post-card__title');
    if (!title) return;
    const r = title.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
    if (hit && title.closest('article.post-card').contains(hit)) m.seen = performance.now();
  };
  const loop = () => {
    check();
    if (m.seen === null) seen();
    if (m.photo === null || m.seen === null) requestAnimationFrame(loop);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  requestAnimationFrame(loop);
})();`;

async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

async function newPhoneContext(browser: Browser, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  // A loaded shared machine takes more than Playwright's default 30 s for a throttled launch's load event.
  context.setDefaultTimeout(180_000);
  context.setDefaultNavigationTimeout(180_000);
  await context.addInitScript(WATCH_FIRST_CARD);
  // EARLY_CALLS=off: the page starts no call before the app's code (the kept calls are forgotten before each launch),
  // for a comparison on the same build and the same machine's load.
  if (process.env['EARLY_CALLS'] === 'off') {
    await context.addInitScript(
      ([key]) =>
        (globalThis as unknown as { localStorage: { removeItem(k: string): void } }).localStorage.removeItem(key),
      [EARLY_CALLS_KEY] as const,
    );
  }
  if (token) {
    await keepStoredToken(context, token);
  }
  return context;
}

async function launch(context: BrowserContext, url: string, clearCache = false): Promise<Launch> {
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  if (clearCache) await cdp.send('Network.clearBrowserCache');
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __firstCard: { card: number | null } }).__firstCard.card !== null,
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  // The overlay spinner, when one covers the card, stays at least 1 s (spec §9): wait for the card to be seen.
  await page
    .waitForFunction(
      () => (globalThis as unknown as { __firstCard: { seen: number | null } }).__firstCard.seen !== null,
      undefined,
      { timeout: 30_000, polling: 100 },
    )
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const m = await page.evaluate(() => (globalThis as unknown as { __firstCard: Launch }).__firstCard);
  await page.close();
  return m;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Row {
  name: string;
  launches: Launch[];
  /** Subtract the redirect moment (the new device's time after the signed-in screen). */
  fromSearch?: boolean;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function summarise(row: Row) {
  const card = row.launches.map((l) => l.card - (row.fromSearch ? (l.search ?? 0) : 0));
  const seen = row.launches.flatMap((l) => (l.seen === null ? [] : [l.seen - (row.fromSearch ? (l.search ?? 0) : 0)]));
  const photos = row.launches.flatMap((l) =>
    l.photo === null ? [] : [l.photo - (row.fromSearch ? (l.search ?? 0) : 0)],
  );
  return {
    card: median(card),
    all: card.map(Math.round),
    seen: seen.length ? median(seen) : null,
    photo: photos.length ? median(photos) : null,
    jsWire: median(row.launches.map((l) => l.jsWire)),
    jsFiles: median(row.launches.map((l) => l.jsFiles)),
    cls: Math.max(...row.launches.map((l) => l.cls)),
    clsAfterCard: Math.max(...row.launches.map((l) => l.clsAfterCard)),
  };
}

// The floor: HTML, one sign-in call, one feed call, the first card's markup (no framework, no styles).
const BARE_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title><script src="${BARE_JS}" defer></script></head><body><main id="feed"></main></body></html>`;
const BARE_SCRIPT = `(async () => {
  const hash = new URLSearchParams(location.hash.slice(1));
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const login = await fetch('/api/auth/telegram/login', { method: 'POST', headers: json, body: JSON.stringify({ initData: hash.get('tgWebAppData') }) });
  const { token } = await login.json();
  const feed = await fetch('/api/posts/search', { method: 'POST', headers: { ...json, Authorization: 'Bearer ' + token }, body: hash.get('body') });
  const post = (await feed.json()).data[0];
  const file = post.mediaFiles[0];
  const card = document.createElement('article');
  card.className = 'post-card';
  const img = document.createElement('img');
  img.src = file ? (file.url_sm || file.url || file.poster) : '';
  img.alt = post.title;
  img.style.width = '100%';
  const title = document.createElement('span');
  title.className = 'post-card__title';
  title.textContent = post.title;
  const price = document.createElement('span');
  price.className = 'post-card__price';
  price.textContent = String(post.price);
  card.append(img, title, price);
  document.getElementById('feed').append(card);
})();`;

async function feedBody(browser: Browser, server: { url: string }, token: string): Promise<string> {
  const context = await newPhoneContext(browser, token);
  const page = await context.newPage();
  const body = page.waitForRequest((request) => request.url().endsWith('/api/posts/search'));
  await page.goto(`${server.url}/tma/${launchHash(signInitData(USER))}`);
  const text = (await body).postData() ?? '{}';
  await context.close();
  return text;
}

async function runs(count: number, once: () => Promise<Launch>): Promise<Launch[]> {
  const launches: Launch[] = [];
  for (let i = 0; i < count; i += 1) launches.push(await once());
  return launches;
}

writeFileSync(path.join(BARE_DIR, BARE_HTML), BARE_PAGE);
writeFileSync(path.join(BARE_DIR, BARE_JS), BARE_SCRIPT);
// SERVER_URL: a server already running on the built apps (the test bot token, demo data), instead of starting one.
const external = process.env['SERVER_URL'];
const server: Pick<JourneyServer, 'url' | 'close'> = external
  ? { url: external, close: async () => undefined }
  : await startJourneyServer({}, 300_000); // a loaded machine needs more than the default 120 s
const browser = await launchBrowser();
try {
  const token = await apiToken(server, USER);
  const body = await feedBody(browser, server, token);
  const hash = launchHash(signInitData(USER));
  const tma = `${server.url}/tma/${hash}`;
  const web = `${server.url}/search`;
  const bare = `${server.url}/tma/assets/${BARE_HTML}${hash}&body=${encodeURIComponent(body)}`;
  const rows: Row[] = [];

  // Warm and cleared for one page: one context (one HTTP cache), a first launch to fill it, then RUNS of each.
  const returning = async (name: string, url: string, withToken: boolean) => {
    const context = await newPhoneContext(browser, withToken ? token : undefined);
    await launch(context, url);
    rows.push({ name: `${name}, warm cache`, launches: await runs(RUNS, () => launch(context, url)) });
    rows.push({
      name: `${name}, cache cleared`,
      launches: await runs(RUNS, () => launch(context, url, true)),
    });
    await context.close();
  };
  await returning('floor: bare page (sign-in + feed call)', bare, false);
  await returning('mini-app returning user', tma, true);
  await returning('web /search returning user', web, true);
  const fresh: Launch[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await newPhoneContext(browser);
    fresh.push(await launch(context, tma));
    await context.close();
  }
  rows.push({ name: 'mini-app new device (after the 2 s screen)', launches: fresh, fromSearch: true });

  const floor = rows.map(summarise);
  console.log(
    `Fast 4G (${FAST_4G.latency} ms, ${((FAST_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ` +
      `${((FAST_4G.uploadThroughput * 8) / 1e6).toFixed(2)} up), CPU ×${CPU_SLOWDOWN}, 390×844 @3, median of ${RUNS}`,
  );
  console.log(
    '| Launch | First card (median) | × floor | Seen | × floor | Photo | Launches | JS over the wire before it | CLS (after the card) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  rows.forEach((row, i) => {
    const s = floor[i]!;
    const base = row.name.includes('cache cleared') ? floor[1]! : floor[0]!;
    const ratio = row.fromSearch || i < 2 ? '—' : `${(s.card / base.card).toFixed(2)}×`;
    const seenRatio =
      row.fromSearch || i < 2 || s.seen === null || base.seen === null ? '—' : `${(s.seen / base.seen).toFixed(2)}×`;
    console.log(
      `| ${row.name} | ${ms(s.card)} | ${ratio} | ${s.seen === null ? '—' : ms(s.seen)} | ${seenRatio} | ` +
        `${s.photo === null ? '—' : ms(s.photo)} | ${s.all.join(', ')} | ` +
        `${kB(s.jsWire)} (${s.jsFiles} files) | ${s.cls.toFixed(3)} (${s.clsAfterCard.toFixed(3)}) |`,
    );
  });
  // BENCH_JS_FILES=1: which scripts came before the first card, in each row's last launch.
  if (process.env['BENCH_JS_FILES']) {
    for (const row of rows) console.log(`${row.name}: ${row.launches.at(-1)?.jsList.join(', ') || '—'}`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(path.join(BARE_DIR, BARE_HTML), { force: true });
  rmSync(path.join(BARE_DIR, BARE_JS), { force: true });
}
