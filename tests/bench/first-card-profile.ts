import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { CPU_SLOWDOWN, FAST_4G } from './phone-profile';
import { repoRoot } from '../support/server';
import { apiToken, keepStoredToken, launchHash, signInitData, startJourneyServer } from '../support/session';

// Where the time of one launch goes before the first card (issue 32): a returning user's launch in the bench's
// conditions (first-card.bench.ts: Fast 4G, CPU ×4, 390×844), with a Chromium performance trace (the main thread's
// tasks: script compile and evaluation, timers, React's work, style, layout, paint) and the sampling profiler (which
// code the script time is). Prints the main thread's time by kind and by script before the first card, the gaps where
// the main thread waited, the network requests on the page's clock, and the JavaScript functions that took longest.
// Run `pnpm build` first.
//
//   [SERVER_URL=http://…] node --import tsx bench/first-card-profile.ts [tma|web] [--cold] [--new-device]
//
// The trace and the profile are written to test-results/ (open them in Chrome DevTools' Performance panel).

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
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
const newDevice = process.argv.includes('--new-device');
const USER = { id: 72_033, first_name: 'Покупатель', username: 'first_card_profile' };
const short = (url: string) => (url ? (url.split('/').pop()?.split('?')[0] ?? url) : '(native)');
const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

// The first card's moment as first-card.bench.ts takes it, and a user-timing mark for the trace.
const WATCH = `(() => {
  const check = () => {
    const card = document.querySelector('article.post-card');
    if (window.__cardAt || !card || !card.querySelector('.post-card__title') || !card.querySelector('.post-card__price')) return;
    window.__cardAt = performance.now();
    performance.mark('first-card');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const search = () => {
    if (!window.__searchAt && location.pathname.endsWith('/search')) { window.__searchAt = performance.now(); performance.mark('at-search'); }
    if (!window.__cardAt) requestAnimationFrame(search);
  };
  requestAnimationFrame(search);
})();`;

const external = process.env['SERVER_URL'];
const server = external ? { url: external, close: async () => undefined } : await startJourneyServer({}, 300_000);
const browser = await launchBrowser();
try {
  const token = await apiToken(server, USER);
  const url = which === 'tma' ? `${server.url}/tma/${launchHash(signInitData(USER))}` : `${server.url}/search`;
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(180_000);
  if (!newDevice) {
    await keepStoredToken(context, token);
  }
  await context.addInitScript(WATCH);
  const cardShown = () => (globalThis as unknown as { __cardAt?: number }).__cardAt !== undefined;
  // Fill the cache (and the server's first-request costs) twice, the early calls kept for the address.
  if (!newDevice) {
    for (let i = 0; i < 2; i += 1) {
      const warm = await context.newPage();
      await warm.goto(url);
      await warm.waitForFunction(cardShown, undefined, { timeout: 120_000 });
      await warm.waitForLoadState('networkidle');
      await warm.close();
    }
  }
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (cold) await cdp.send('Network.clearBrowserCache');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8.execute',
      'v8',
      'loading',
      'toplevel',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(cardShown, undefined, { timeout: 120_000, polling: 'raf' });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  // The page's marks and its requests (plain JavaScript: the tests have no DOM types).
  const marks = await page.evaluate<{
    card: number;
    search: number | null;
    resources: { name: string; start: number; end: number; size: number }[];
  }>(`({
    card: window.__cardAt,
    search: window.__searchAt ?? null,
    resources: performance.getEntriesByType('resource').map((r) => ({
      name: r.name, start: r.startTime, end: r.responseEnd, size: r.transferSize,
    })),
  })`);
  const out = path.join(repoRoot, 'test-results');
  mkdirSync(out, { recursive: true });
  const tag = `${which}${cold ? '-cold' : ''}${newDevice ? '-new' : ''}`;
  writeFileSync(path.join(out, `first-card-${tag}.trace.json`), JSON.stringify(trace));
  writeFileSync(path.join(out, `first-card-${tag}.cpuprofile`), JSON.stringify(profile));

  // The page's clock in the trace: the first-card mark's timestamp minus its performance.now().
  const events = trace.traceEvents;
  const mark = events.find((e) => e.name === 'first-card' && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('the trace has no first-card mark');
  const origin = mark.ts - marks.card * 1000;
  const pageMs = (ts: number) => (ts - origin) / 1000;
  const cardTs = mark.ts;
  // The renderer's main thread: the thread of the first-card mark's process named CrRendererMain.
  const mainTid = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain',
  )?.tid;
  const main = events.filter((e) => e.pid === mark.pid && e.tid === mainTid && e.ph === 'X' && e.dur !== undefined);
  const tasks = main
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.ts < cardTs && e.ts + (e.dur ?? 0) > origin)
    .sort((a, b) => a.ts - b.ts);

  // The main thread's time before the card by the kind of its innermost timeline event (self time).
  const KINDS = new Set([
    'ParseHTML',
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'v8.produceModuleCache',
    'v8.produceCache',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
    'RunMicrotasks',
    'V8.GCScavenger',
    'MajorGC',
    'MinorGC',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'UpdateLayer',
    'CompositeLayers',
    'Commit',
    'HitTest',
    'ParseAuthorStyleSheet',
    'ScheduleStyleRecalculation',
    'ResourceReceivedData',
    'XHRReadyStateChange',
    'v8.run',
  ]);
  const kinds = new Map<string, number>();
  const scripts = new Map<string, number>();
  const inside = main
    .filter((e) => KINDS.has(e.name) && e.ts < cardTs && e.ts >= (tasks[0]?.ts ?? origin))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time: each event's duration minus its direct children among the kinds above.
  const stack: TraceEvent[] = [];
  const selfOf = new Map<TraceEvent, number>();
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const dur = Math.min(e.dur ?? 0, cardTs - e.ts);
    selfOf.set(e, (selfOf.get(e) ?? 0) + dur);
    if (parent) selfOf.set(parent, (selfOf.get(parent) ?? 0) - dur);
    stack.push(e);
  }
  const scriptOf = (e: TraceEvent) => {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    const name = data['url'] ?? data['fileName'] ?? data['functionName'];
    return short(typeof name === 'string' ? name : '');
  };
  for (const [e, self] of selfOf) {
    kinds.set(e.name, (kinds.get(e.name) ?? 0) + self);
    if (['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall'].includes(e.name)) {
      const key = `${e.name} ${scriptOf(e)}`;
      scripts.set(key, (scripts.get(key) ?? 0) + self);
    }
  }
  const busy = tasks.reduce((sum, t) => sum + Math.min(t.dur ?? 0, cardTs - t.ts), 0);
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${ms(v).padStart(8)}  ${k}`)
      .join('\n');

  console.log(
    `${tag}: first card at ${marks.card.toFixed(0)} ms` +
      (marks.search ? `, /search at ${marks.search.toFixed(0)} ms` : ''),
  );
  console.log(`main thread busy before it: ${ms(busy)} in ${tasks.length} tasks`);
  console.log(`-- main thread by kind (self, before the card)\n${top(kinds, 20)}`);
  console.log(`-- script time by file\n${top(scripts, 25)}`);

  // The main thread's tasks over 5 ms, and the gaps between them (what the page waited for), on the page's clock.
  console.log('-- main-thread tasks ≥ 5 ms and gaps ≥ 20 ms before the card (page clock)');
  let last = tasks[0]?.ts ?? origin;
  for (const t of tasks) {
    if (t.ts - last >= 20_000)
      console.log(
        `${pageMs(last).toFixed(0).padStart(6)} … ${pageMs(t.ts).toFixed(0).padStart(6)}  idle ${ms(t.ts - last)}`,
      );
    if ((t.dur ?? 0) >= 5_000) {
      const within = main
        .filter((e) => KINDS.has(e.name) && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0))
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 3)
        .map((e) => `${e.name}${scriptOf(e) ? ` ${scriptOf(e)}` : ''} ${ms(e.dur ?? 0)}`)
        .join(', ');
      console.log(`${pageMs(t.ts).toFixed(0).padStart(6)} +${ms(t.dur ?? 0).padStart(7)}  ${within}`);
    }
    last = Math.max(last, t.ts + (t.dur ?? 0));
  }
  console.log(`${pageMs(last).toFixed(0).padStart(6)} … ${marks.card.toFixed(0).padStart(6)}  to the card`);

  console.log('-- requests (page clock: start → response end, transfer bytes)');
  for (const r of marks.resources.filter((x) => x.start < marks.card + 200)) {
    console.log(
      `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${String(r.size).padStart(7)}  ${new URL(r.name).pathname}`,
    );
  }

  // The sampling profiler: self time by function before the card.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  let t = profile.startTime;
  const profileCard = profile.startTime + (cardTs - (tasks[0]?.ts ?? cardTs)); // rough: the profile starts near the first task
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t > profileCard + 50_000) return;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const { url: u, functionName, lineNumber } = byId.get(id)!.callFrame;
    if (['(idle)', '(program)', '(root)'].includes(functionName)) return;
    byFile.set(short(u), (byFile.get(short(u)) ?? 0) + dt);
    const fn = `${short(u)}:${functionName || '(anon)'}:${lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
  });
  console.log(`-- sampled JS by file (self)\n${top(byFile, 15)}`);
  console.log(`-- sampled JS by function (self)\n${top(byFn, 30)}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
