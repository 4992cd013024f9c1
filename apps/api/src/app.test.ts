import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildApp } from './app';
import { loadConfig, type Config } from '@autoradar/server/config/config';

// A throw-away pair of built apps, so these tests do not depend on `pnpm build` having run.
function fakeDist(): { web: string; miniapp: string; media: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'autoradar-dist-'));
  const shell = (base: string) =>
    `<!doctype html><html lang="ru"><head><title>x</title><script type="module" src="${base}assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
  for (const [dir, base] of [
    ['web', '/'],
    ['miniapp', '/tma/'],
  ] as const) {
    mkdirSync(path.join(root, dir, 'assets'), { recursive: true });
    writeFileSync(path.join(root, dir, 'index.html'), shell(base));
    writeFileSync(path.join(root, dir, 'assets', 'index-abc.js'), `console.log(${JSON.stringify(dir)})`);
  }
  mkdirSync(path.join(root, 'media', 'demo'), { recursive: true });
  writeFileSync(path.join(root, 'media', 'demo', 'a.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  return { web: path.join(root, 'web'), miniapp: path.join(root, 'miniapp'), media: path.join(root, 'media') };
}

describeEachDb('HTTP app', (getDb) => {
  let app: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    const dist = fakeDist();
    config = {
      ...loadConfig({ NODE_ENV: 'test', APP_NAME: 'Авто<Радар>', LOG_LEVEL: 'silent' }),
      webDistDir: dist.web,
      miniappDistDir: dist.miniapp,
      mediaDir: dist.media,
    };
    app = await buildApp({ config, db: getDb() });
  });
  afterAll(() => app.close());

  it('GET /api/health answers 200 when the database is reachable', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('serves the web app at / with the configured name, escaped, and no caching of the shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Авто&lt;Радар&gt;</title>');
    expect(res.body).toContain(
      'window.__APP_CONFIG__={"appName":"Авто\\u003cРадар>","operatorName":"Авто\\u003cРадар>"',
    );
  });

  it("tells the pages the bot username and the mini-app's short name when they are configured", async () => {
    const dist = fakeDist();
    const withBot = await buildApp({
      config: {
        ...loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          BOT_USERNAME: 'autoradar_bot',
          MINIAPP_SHORT_NAME: 'radar',
        }),
        webDistDir: dist.web,
        miniappDistDir: dist.miniapp,
        mediaDir: dist.media,
      },
      db: getDb(),
    });
    const res = await withBot.inject({ method: 'GET', url: '/login' });
    expect(res.body).toContain(
      'window.__APP_CONFIG__={"appName":"АвтоРадар","botUsername":"autoradar_bot","miniappShortName":"radar"',
    );
    // The listing page's shell says the same (its share link is built from it).
    const page = await withBot.inject({ method: 'GET', url: '/posts/999999' });
    expect(page.body).toContain('"botUsername":"autoradar_bot","miniappShortName":"radar"');
    await withBot.close();
  });

  it('falls back to the right app shell for client-side routes', async () => {
    const web = await app.inject({ method: 'GET', url: '/search?brands=1' });
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('src="/assets/index-abc.js"');
    const tma = await app.inject({ method: 'GET', url: '/tma/profile' });
    expect(tma.statusCode).toBe(200);
    expect(tma.body).toContain('src="/tma/assets/index-abc.js"');
    const bare = await app.inject({ method: 'GET', url: '/tma' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/tma/');
  });

  it('serves built assets and media files, and a JSON 404 for missing ones', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).body).toBe('console.log("web")');
    expect((await app.inject({ method: 'GET', url: '/tma/assets/index-abc.js' })).body).toBe('console.log("miniapp")');
    const photo = await app.inject({ method: 'GET', url: '/media/demo/a.jpg' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    for (const url of ['/media/demo/none.jpg', '/assets/none.js', '/api/none', '/auth/none']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Не найдено' });
    }
  });

  it('answers an unknown API call of any method with the Russian error envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/none', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });

  it('answers a malformed JSON body with a 400 in Russian, never a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Тело запроса — некорректный JSON' });
  });
});

describeEachDb('HTTP app without its database', (getDb) => {
  it('GET /api/health answers 503 with a Russian message once the database is gone', async () => {
    const dist = fakeDist();
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      webDistDir: dist.web,
      miniappDistDir: dist.miniapp,
      mediaDir: dist.media,
    };
    const db = getDb();
    const app = await buildApp({
      config,
      db: { ...db, ping: () => Promise.reject(new Error('connection terminated')) },
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'error', message: 'База данных недоступна' });
    await app.close();
  });
});

it('shows a Russian notice instead of a blank page when the apps are not built', async () => {
  const config = {
    // The database is a stand-in here, so no notification worker listens on it.
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', NOTIFY_WORKER: 'false' }),
    webDistDir: '/nonexistent/web',
    miniappDistDir: '/nonexistent/tma',
    mediaDir: tmpdir(),
  };
  const app = await buildApp({ config, db: { kind: 'pglite', ping: async () => {}, close: async () => {} } as never });
  const res = await app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(503);
  expect(res.body).toContain('Интерфейс не собран');
  await app.close();
});
