import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMemoryDb, migrateDb, type DbHandle } from '@autoradar/db';
import { buildTestApp, testConfig } from '../testing/test-app';
import { scriptHash, TELEGRAM_WEB_CLIENTS } from './edge-headers';

// The headers every answer carries (issue 31), read from real answers of the app: a header missing, a frame allowed
// where it must not be, or a foreign origin answered fails here.

/** A built app's shell, as Vite writes it: one module script, no inline code. */
const SHELL = `<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title></title>
<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers and CORS', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let prod: FastifyInstance;

  const appWith = (env: Record<string, string>) => {
    const config = testConfig({ REVERB_PORT: '8181', BOT_USERNAME: 'autoradar_bot', ...env });
    for (const dir of [config.webDistDir, config.miniappDistDir]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), SHELL);
    }
    writeFileSync(path.join(config.mediaDir, 'photo.jpg'), 'not really a photo');
    return buildTestApp(handle, { config });
  };

  beforeAll(async () => {
    handle = await createMemoryDb();
    await migrateDb(handle);
    app = await appWith({ APP_URL: 'http://localhost:3000' });
    prod = await appWith({
      NODE_ENV: 'production',
      APP_URL: 'https://autoradar.example',
      BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',
      APP_SECRET: '0123456789abcdef0123456789abcdef',
      REVERB_APP_SECRET: 'fedcba9876543210fedcba9876543210',
    });
  });
  afterAll(async () => {
    await app?.close();
    await prod?.close();
    await handle?.close();
  });

  it('forbids framing the web app, the API and the media: frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const url of ['/', '/search', '/posts/1', '/api/health', '/api/docs', '/media/photo.jpg', '/no/such']) {
      const res = await app.inject({ method: 'GET', url });
      expect(directives(res.headers['content-security-policy'] as string).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("lets Telegram's web clients, and only them, frame the mini-app", async () => {
    for (const url of ['/tma/', '/tma/search', '/tma/profile?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const ancestors = directives(res.headers['content-security-policy']).get('frame-ancestors');
      expect(ancestors, url).toEqual(TELEGRAM_WEB_CLIENTS);
      expect(ancestors).toContain('https://web.telegram.org');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('sends nosniff on every answer: pages, JSON, media, errors', async () => {
    for (const url of ['/', '/tma/', '/api/health', '/media/photo.jpg', '/api/posts/abc', '/api/nothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("allows the shell's inline scripts by their hashes, the Telegram widget and the websocket, and nothing inline else", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const inline = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    // The early calls of a returning user (issue 32), then the settings.
    expect(inline).toHaveLength(2);
    expect(inline[0]).toContain('__AUTORADAR_EARLY_CALLS__');
    expect(inline[1]).toContain('window.__APP_CONFIG__');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", ...inline.map((script) => scriptHash(script)), 'https://telegram.org']),
    );
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://oauth.telegram.org', 'https://t.me']));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'ws://localhost:8181', 'ws://127.0.0.1:8181']),
    );
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('in production over HTTPS: the websocket through the proxy, no local pages, insecure requests upgraded', async () => {
    const res = await prod.inject({ method: 'GET', url: '/' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://autoradar.example',
      'wss://autoradar.example',
      'ws://autoradar.example:8181',
    ]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it("answers CORS to the app's own origins only", async () => {
    const preflight = (target: FastifyInstance, origin: string) =>
      target.inject({
        method: 'OPTIONS',
        url: '/api/user/data',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const own = await preflight(prod, 'https://autoradar.example');
    expect(own.headers['access-control-allow-origin']).toBe('https://autoradar.example');
    expect(String(own.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    for (const origin of ['https://evil.example', 'http://localhost:5173', 'https://autoradar.example.evil.example']) {
      const res = await preflight(prod, origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const call = await prod.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(call.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // Outside production a local page on any port (the Vite dev servers) may call, as it may open a websocket.
    const dev = await preflight(app, 'http://localhost:5173');
    expect(dev.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect((await preflight(app, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/api/health' })).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
