import { launchBrowser } from '../support/browser';
import { CPU_SLOWDOWN, FAST_4G } from './phone-profile';
import { apiToken, keepStoredToken, launchHash, signInitData, startJourneyServer } from '../support/session';

const USER = { id: 72_098, first_name: 'Проба', username: 'probe_fp2' };
const WATCH = `(() => {
  const m = window.__t = { painted: null, react: null, longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (!m.painted && document.getElementById('first-paint')) m.painted = performance.now();
    if (!m.react && document.querySelector('#root article.post-card')) m.react = performance.now();
  }).observe(document, { subtree: true, childList: true });
})();`;
const server = await startJourneyServer({}, 300_000);
const browser = await launchBrowser();
try {
  const token = await apiToken(server, USER);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await keepStoredToken(context, token);
  await context.addInitScript(WATCH);
  const url = process.argv[2] === 'web' ? `${server.url}/search` : `${server.url}/tma/${launchHash(signInitData(USER))}`;
  for (let i = 0; i < 4; i += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1000);
    const r = await page.evaluate(() => {
      const t = (globalThis as any).__t;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [new URL(e.name).pathname.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]);
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { painted: Math.round(t.painted ?? -1), react: Math.round(t.react), html: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventStart), long: t.longTasks, res: res.filter((x: any) => /search|first-paint|index-|\.css/.test(x[0])) };
    });
    if (i > 0) console.log(JSON.stringify(r));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
