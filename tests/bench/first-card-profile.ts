import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { repoRoot } from '../support/server';
import { apiToken, launchHash, signInitData, startJourneyServer, TOKEN_KEY } from '../support/session';

// Where the time of one launch goes before the first card (issue 32): a returning user's launch in the bench's
// conditions (first-card.bench.ts: Fast 4G, CPU ×4, 390×844), warm cache, with Chromium's sampling profiler over CDP.
// Prints the script time by file and by function, 100 ms slices of the launch with what ran in them, and when the
// API calls went out and came back. Run `pnpm build` first.
//
//   [SERVER_URL=http://…] node --import tsx bench/first-card-profile.ts [tma|web] [--cold]

// first-card.bench.ts's profile (importing it would run that bench).
const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
  connectionType: 'cellular4g',
} as const;
const CPU_SLOWDOWN = 4;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const which = process.argv[2] === 'web' ? 'web' : 'tma';
const cold = process.argv.includes('--cold');
const USER = { id: 72_033, first_name: 'Покупатель', username: 'first_card_profile' };
const short = (url: string) => (url ? (url.split('/').pop() ?? url) : '(native)');

// SERVER_URL: a server already running (the build's apps, demo data, the test bot token), instead of starting one.
const external = process.env['SERVER_URL'];
const server = external
  ? { url: external, close: async () => undefined }
  : await startJourneyServer({}, 300_000);
const browser = await launchBrowser();
try {
  const token = await apiToken(server, USER);
  const url =
    which === 'tma' ? `${server.url}/tma/${launchHash(signInitData(USER))}` : `${server.url}/search`;
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ([key, value]) => {
      const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
      if (!storage.getItem(key)) storage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
  // The first card's moment on the page's clock, as first-card.bench.ts takes it.
  await context.addInitScript(`new MutationObserver((_, o) => {
    if (document.querySelector('article.post-card .post-card__title') && document.querySelector('article.post-card .post-card__price')) {
      window.__cardAt = performance.now();
      o.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });`);
  const cardShown = () =>
    (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(
      'article.post-card .post-card__price',
    ) !== null;
  // Fill the cache (and the server's first-request costs) twice.
  for (let i = 0; i < 2; i += 1) {
    const warm = await context.newPage();
    await warm.goto(url, { timeout: 180_000 });
    await warm.waitForFunction(cardShown, undefined, { timeout: 120_000 });
    await warm.waitForLoadState('networkidle', { timeout: 180_000 });
    await warm.close();
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (cold) await cdp.send('Network.clearBrowserCache');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const requests = new Map<string, { url: string; start: number; end?: number }>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; timestamp: number }) => {
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number }) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit', timeout: 180_000 });
  await page.waitForFunction(cardShown, undefined, { timeout: 120_000, polling: 'raf' });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const marks = await page.evaluate(() => {
    const p = (globalThis as unknown as { performance: Performance }).performance;
    const nav = p.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      card: (globalThis as unknown as { __cardAt: number }).__cardAt,
      timeOrigin: p.timeOrigin,
      responseEnd: nav.responseEnd,
      domInteractive: nav.domInteractive,
      resources: p
        .getEntriesByType('resource')
        .map((r) => ({ name: r.name.split('/').pop()!, start: r.startTime, end: r.responseEnd })),
    };
  });
  writeFileSync(path.join(repoRoot, `test-results/first-card-${which}.cpuprofile`), JSON.stringify(profile));

  // Self time per node, and per 100 ms slice of the launch (relative to the profile's start).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const slices = new Map<number, Map<string, number>>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    const node = byId.get(id)!;
    const slice = Math.floor((t - profile.startTime) / 100_000);
    const name = node.callFrame.functionName || short(node.callFrame.url);
    if (['(idle)', '(program)'].includes(name)) return;
    const key = `${short(node.callFrame.url)}:${node.callFrame.functionName || '(anon)'}`;
    const s = slices.get(slice) ?? new Map<string, number>();
    s.set(key, (s.get(key) ?? 0) + dt);
    slices.set(slice, s);
  });
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of self) {
    const { url: u, functionName, lineNumber } = byId.get(id)!.callFrame;
    byFile.set(short(u), (byFile.get(short(u)) ?? 0) + us);
    const fn = `${short(u)}:${functionName || '(anon)'}:${lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`${which}${cold ? ' (cache cleared)' : ' (warm)'}: first card at ${marks.card.toFixed(0)} ms`);
  console.log(`HTML response end ${marks.responseEnd.toFixed(0)} ms, domInteractive ${marks.domInteractive.toFixed(0)}`);
  console.log(`profile ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms\n-- by file\n${top(byFile, 15)}`);
  console.log(`-- by function\n${top(byFn, 40)}`);
  console.log('-- 100 ms slices of the profile (top 3 by self time)');
  for (const [slice, m] of [...slices.entries()].sort((a, b) => a[0] - b[0])) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const names = [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
      .join(', ');
    console.log(`${String(slice * 100).padStart(5)}: ${(total / 1000).toFixed(0).padStart(3)} ms  ${names}`);
  }
  console.log('-- resources (page clock)');
  for (const r of marks.resources) console.log(`${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${r.name}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
