import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../support/browser';
import { apiToken, keepStoredToken, launchHash, signInitData, startJourneyServer, screenshotDir } from '../support/session';

const USER = { id: 72_099, first_name: 'Проба', username: 'probe_fp' };
const THEMES = {
  light: { bg_color: '#ffffff', secondary_bg_color: '#efeff4', section_bg_color: '#ffffff', text_color: '#000000', hint_color: '#8e8e93', link_color: '#2481cc', button_color: '#2481cc', button_text_color: '#ffffff' },
  dark: { bg_color: '#212121', secondary_bg_color: '#0f0f0f', section_bg_color: '#212121', text_color: '#ffffff', hint_color: '#aaaaaa', link_color: '#8774e1', button_color: '#8774e1', button_text_color: '#ffffff' },
};
const WATCH = `(() => {
  const m = window.__fp = { painted: null, react: null, removedAt: null, reactAt: null, both: false };
  new MutationObserver(() => {
    const box = document.getElementById('first-paint');
    if (box && !m.painted) { const r = box.querySelector('article').getBoundingClientRect(); m.painted = { x: r.x, y: r.y, w: r.width, h: r.height, t: performance.now(), n: box.querySelectorAll('article').length }; }
    const a = document.querySelector('#root article.post-card');
    if (a && !m.react) { const r = a.getBoundingClientRect(); m.react = { x: r.x, y: r.y, w: r.width, h: r.height, t: performance.now() }; m.both = !!document.getElementById('first-paint'); }
  }).observe(document, { subtree: true, childList: true });
})();`;
const server = await startJourneyServer({}, 300_000);
const browser = await launchBrowser();
mkdirSync(screenshotDir, { recursive: true });
try {
  const token = await apiToken(server, USER);
  for (const app of ['miniapp', 'web'] as const)
    for (const theme of ['light', 'dark'] as const)
      for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
        const context = await browser.newContext({ viewport: size, colorScheme: theme });
        await keepStoredToken(context, token);
        await context.addInitScript(WATCH);
        const url = app === 'web' ? `${server.url}/search` : `${server.url}/tma/${launchHash(signInitData(USER), { tgWebAppThemeParams: JSON.stringify(THEMES[theme]) })}`;
        const first = await context.newPage();
        await first.goto(url);
        await first.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
        await first.waitForTimeout(1500);
        await first.close();
        const still = await context.newPage();
        await still.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
        await still.goto(url);
        let shot = false;
        try {
          await still.locator('#first-paint article').first().waitFor({ timeout: 20_000 });
          await still.waitForTimeout(500);
          await still.screenshot({ path: path.join(screenshotDir, `first-paint-${app}-${size.width}-${theme}-painted.png`) });
          shot = true;
        } catch { /* none */ }
        await still.close();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
        await page.goto(url);
        await page.locator('#root article.post-card').first().waitFor({ timeout: 120_000 });
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(screenshotDir, `first-paint-${app}-${size.width}-${theme}-react.png`) });
        const m = await page.evaluate(() => (globalThis as any).__fp);
        const cls = await page.evaluate(() => new Promise((r) => { let c = 0; new PerformanceObserver((l) => { for (const e of l.getEntries() as any) if (!e.hadRecentInput) c += e.value; }).observe({ type: 'layout-shift', buffered: true }); setTimeout(() => r(c), 200); }));
        console.log(app, size.width, theme, 'shot', shot, JSON.stringify(m), 'cls', cls);
        await context.close();
      }
} finally {
  await browser.close();
  await server.close();
}
