import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  launchHash,
  signInitData,
  signInWeb,
  startJourneyServer,
  TOKEN_KEY,
  type JourneyServer,
} from '../support/session';

// First-route JavaScript as served (docs/performance.md, issues 11 and 13: under 200 KB gzip per app): each route is
// loaded in Chromium against the built server (run `pnpm build` first) and every `.js` the page fetched until the
// first screen is up and the network has gone quiet is counted twice: the bytes that came over the wire (the API
// sends the build's brotli or gzip copy when the browser accepts it, with the encoding it used) and each file gzipped
// here at level 6, the budget's measure. Files named after the realtime client (laravel-echo + pusher-js, imported
// once the screen subscribes) are reported apart.
//
//   pnpm --filter @autoradar/tests bench:first-route

const USER = { id: 72_001, first_name: 'Замер', username: 'first_route' };

interface Row {
  route: string;
  files: number;
  /** Bytes of the response bodies as they came over the wire. */
  served: number;
  /** The encodings the server answered with (content-encoding; 'none' when it sent the file as is). */
  encodings: string[];
  gzip: number;
  realtime: number;
}

async function measure(
  browser: Browser,
  server: JourneyServer,
  route: string,
  open: (page: Page) => Promise<void>,
  ready: string,
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<Row> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await prepare?.(context);
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  const wire = new Map<string, Promise<{ bytes: number; encoding: string }>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || !response.ok()) return;
    scripts.set(url.pathname, response.body());
    wire.set(
      url.pathname,
      (async () => {
        await response.finished();
        const { responseBodySize } = await response.request().sizes();
        return { bytes: responseBodySize, encoding: (await response.headerValue('content-encoding')) ?? 'none' };
      })(),
    );
  });
  await open(page);
  await page.waitForSelector(ready, { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  let gzip = 0;
  let realtime = 0;
  let served = 0;
  const encodings = new Set<string>();
  for (const [name, body] of scripts) {
    const size = gzipSync(await body, { level: 6 }).length;
    gzip += size;
    if (/echo|pusher|realtime-client/i.test(name)) realtime += size;
    const sent = await wire.get(name);
    if (sent) {
      served += sent.bytes;
      encodings.add(sent.encoding);
    }
  }
  const files = [...scripts.keys()];
  await context.close();
  if (process.env['VERBOSE']) console.log(route, files.join('\n  '));
  return { route, files: files.length, served, encodings: [...encodings], gzip, realtime };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const server = await startJourneyServer();
const browser = await launchBrowser();
try {
  const rows: Row[] = [];
  rows.push(await measure(browser, server, 'web /', (page) => page.goto(`${server.url}/`).then(() => {}), 'main'));
  rows.push(
    await measure(browser, server, 'web /search', (page) => signInWeb(page, server, USER), 'article.post-card'),
  );
  rows.push(
    await measure(
      browser,
      server,
      'mini-app /tma/ → /tma/search',
      (page) => page.goto(`${server.url}/tma/${launchHash(signInitData(USER))}`).then(() => {}),
      'article.post-card',
    ),
  );
  // A returning user: the token stored by an earlier launch, so no sign-in screen on the way.
  const token = await apiToken(server, USER);
  rows.push(
    await measure(
      browser,
      server,
      'mini-app /tma/ → /tma/search (returning, stored token)',
      (page) => page.goto(`${server.url}/tma/${launchHash(signInitData(USER))}`).then(() => {}),
      'article.post-card',
      (context) =>
        context.addInitScript(
          ([key, value]) =>
            (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
              key,
              value,
            ),
          [TOKEN_KEY, token] as const,
        ),
    ),
  );
  console.log('| Route | Files | All JS (gzip -6) | Of which realtime | Without realtime | As served (encoding) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const rt = row.realtime ? kB(row.realtime) : '—';
    const served = `${kB(row.served)} (${row.encodings.join(', ')})`;
    console.log(
      `| ${row.route} | ${row.files} | ${kB(row.gzip)} | ${rt} | ${kB(row.gzip - row.realtime)} | ${served} |`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
