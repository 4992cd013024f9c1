import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync, gunzipSync } from 'node:zlib';
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filters, users, createDb, type PostgresDbHandle } from '@autoradar/db';
import { testDatabaseUrl } from '@autoradar/db/testing/test-db';
import { maxInAnyWindow } from '@autoradar/server/testing/rate-window';
import { metricValue } from '@autoradar/server/testing/prometheus-text';
import { TELEGRAM_BUDGET } from '@autoradar/server/telegram-budget';
import { startBotApiEmulator, tooManyRequests } from '@autoradar/server/testing/bot-api-emulator';
import { connected, createEcho, Inbox, waitFor, type EchoClient } from '../realtime/support';
import { callApi, signInitData, TEST_BOT_USERNAME, type TelegramUser } from '../support/session';
import { freePort, repoRoot } from '../support/server';

// Production's shape (DESIGN.md §7) on one machine: Debian's nginx runs infra/nginx.conf, unchanged, in front of two
// compiled API processes (`node apps/api/dist/main.js`) that share a fresh PostgreSQL database and the machine's Redis,
// beside the compiled bot in webhook mode (`node bot/dist/main.js`) and two notification workers
// (`node bot/dist/worker-main.js`), as compose runs them. Only the two site files the config includes are the test's
// own: the loopback ports of the instances and of nginx. Every process serves /metrics on its own METRICS_PORT.

export const NGINX_PATH = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';
const REDIS_URL = process.env['TEST_REDIS_URL'] || 'redis://127.0.0.1:6379';
const AUTH_RATE_LIMIT = 5;
const START_TIMEOUT_MS = 120_000;

/** A compiled process of the product: its output (pino JSON lines and the start lines) and its internal ports. */
interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  metricsPort: number;
}

interface Instance extends Running {
  httpPort: number;
  wsPort: number;
}

/** Subscribers of the traced listing: one chat each (the Bot API's 30 messages/s shows only with hundreds). */
const SUBSCRIBERS = 300;
/** This run's own bot: the shared send budget in Redis is keyed by the bot's id, so parallel runs never meet. */
const BOT_ID = 900_000_000 + Math.floor(Math.random() * 99_999_999);
const BOT_TOKEN = `${BOT_ID}:nginx-test-${randomBytes(16).toString('hex')}`;
const WEBHOOK_SECRET = 'nginx-webhook-secret';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
  /** Announces this Content-Length but sends only `body`: the answer to the headers alone. */
  declaredLength?: number;
}

/**
 * One HTTP or HTTPS request as it goes over the wire: no automatic decompression, and a chosen source address. HTTPS
 * trusts the test's self-signed certificate.
 */
function request(url: string, opts: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...opts.headers };
    if (opts.declaredLength !== undefined) headers['Content-Length'] = String(opts.declaredLength);
    const client = url.startsWith('https:') ? https : http;
    const req = client.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers,
        localAddress: opts.localAddress,
        agent: false,
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.declaredLength === undefined) req.end(opts.body);
    else req.write(opts.body ?? '');
  });
}

/** The `message` of a JSON error answer. */
const messageOf = (answer: Answer) => (JSON.parse(answer.body.toString()) as { message?: string }).message;

/** A PNG of random pixels (incompressible), `width`×`height`, about 3 bytes a pixel. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    rows[start] = 0;
    randomBytes(width * 3).copy(rows, start + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A compiled entry point (`apps/api/dist/main.js`, `bot/dist/main.js`, …) with the given settings. */
function startProcess(entry: string, env: Record<string, string>, metricsPort: number): Running {
  const child = spawn(process.execPath, [path.join(repoRoot, entry)], {
    cwd: tmpdir(),
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      // Info: the request lines with their ids (the API) and the send lines (the workers) are what the trace reads.
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited, metricsPort };
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const [httpPort, wsPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const running = startProcess(
    'apps/api/dist/main.js',
    { ...env, HOST: '127.0.0.1', PORT: String(httpPort), REVERB_PORT: String(wsPort) },
    metricsPort,
  );
  return { ...running, httpPort, wsPort };
}

/** Resolves once the process has printed its start line. */
async function started(running: Running, line: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!running.output().includes(line)) {
    if (running.child.exitCode !== null) throw new Error(`process exited:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`process did not start:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The process's pino JSON lines. */
function logLines(running: Running): Record<string, unknown>[] {
  return running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function stop(child: ChildProcess | undefined, exited?: Promise<unknown>): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const done = exited ?? new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await done;
}

describe('nginx (infra/nginx.conf) in front of two compiled API processes, the bot and two notification workers', () => {
  const app = { id: `nginx-${randomBytes(4).toString('hex')}`, key: 'nginx-test-key', secret: 'nginx-test-secret' };
  const dbName = `test_nginx_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const confDir = mkdtempSync(path.join(tmpdir(), 'autoradar-nginx-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'autoradar-data-'));
  let admin: PostgresDbHandle | undefined;
  let botApi: Awaited<ReturnType<typeof startBotApiEmulator>> | undefined;
  /** When each sendMessage reached the Bot API emulator (refused ones too: Telegram counts every call). */
  const sendTimes: number[] = [];
  const sendAt = new Map<object, number>();
  let nginx: ChildProcess | undefined;
  let nginxLog = '';
  const instances: Instance[] = [];
  /** The bot (webhook mode) and the two notification workers, each its own process. */
  let bot: Running | undefined;
  const workers: Running[] = [];
  const echoes: EchoClient[] = [];
  let origin = '';
  let nginxPort = 0;
  let botPort = 0;
  // The HTTPS port (a self-signed certificate for 127.0.0.1) and the plain-HTTP port that only redirects.
  let secureOrigin = '';
  let redirectPort = 0;
  let databaseUrl = '';

  beforeAll(async () => {
    if (!existsSync(NGINX_PATH)) {
      throw new Error(`nginx не найден (${NGINX_PATH}): установите пакет nginx-light (apt-get install nginx-light)`);
    }
    // The compiled entry points of the current sources, as the Docker image builds them (the API, the bot, the worker).
    const build = spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/build.mjs')], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);

    const handle = await createDb({ databaseUrl: testDatabaseUrl, dataDir: tmpdir() });
    if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    admin = handle;
    // A crashed run leaves its database behind; the name carries its creation time, so later runs drop it.
    const { rows } = await admin.client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'test\\_nginx\\_%'`,
    );
    for (const { datname } of rows) {
      const created = Number.parseInt(datname.split('_')[2] ?? '', 36);
      if (Number.isFinite(created) && Date.now() - created > 6 * 3_600_000) {
        await admin.client.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
      }
    }
    await admin.client.query(`create database "${dbName}"`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();

    botApi = await startBotApiEmulator({
      onCall: (call) => {
        if (call.method !== 'sendMessage') return;
        sendTimes.push(Date.now());
        sendAt.set(call, Date.now());
      },
    });
    nginxPort = await freePort();
    botPort = await freePort();
    origin = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      // One media directory for both, as compose's shared volume: a photo uploaded on one is served by the other.
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      REVERB_APP_ID: app.id,
      REVERB_APP_KEY: app.key,
      REVERB_APP_SECRET: app.secret,
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      BOT_TOKEN,
      BOT_USERNAME: TEST_BOT_USERNAME,
      TELEGRAM_API_URL: botApi.url,
      // As compose runs them: the bot and the notification workers are processes of their own.
      BOT_IN_API: 'false',
      NOTIFY_WORKER: 'false',
    };
    // Both at once on an empty database: the migrations run under the advisory lock, once.
    instances.push(await startInstance(env), await startInstance(env));
    await Promise.all(instances.map((i) => started(i, 'работает:')));

    // The bot and the workers need the migrated database; they publish live events to an instance's websocket port.
    const processEnv = {
      ...env,
      REVERB_HOST: '127.0.0.1',
      REVERB_PORT: String(instances[0]!.wsPort),
      BOT_WEBHOOK_URL: `${origin}/telegram/webhook`,
      BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BOT_WEBHOOK_HOST: '127.0.0.1',
      BOT_WEBHOOK_PORT: String(botPort),
      HEALTH_HOST: '127.0.0.1',
      // Batches of 50 and a short safety poll, so that both workers share the listing's 300 deliveries.
      NOTIFY_BATCH: '50',
      NOTIFY_POLL_MS: '500',
      SOURCES_SCHEDULER: 'false',
    };
    bot = startProcess('bot/dist/main.js', { ...processEnv, HEALTH_PORT: String(await freePort()) }, await freePort());
    for (let i = 0; i < 2; i++) {
      const { BOT_WEBHOOK_URL: _url, ...workerEnv } = processEnv;
      workers.push(
        startProcess(
          'bot/dist/worker-main.js',
          { ...workerEnv, HEALTH_PORT: String(await freePort()) },
          await freePort(),
        ),
      );
    }

    redirectPort = await freePort();
    const tlsPort = await freePort();
    secureOrigin = `https://127.0.0.1:${tlsPort}`;
    const cert = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
        '-keyout',
        path.join(confDir, 'privkey.pem'),
        '-out',
        path.join(confDir, 'fullchain.pem'),
      ]),
      { encoding: 'utf8' },
    );
    if (cert.status !== 0) throw new Error(`openssl failed:\n${cert.stderr}`);
    copyFileSync(path.join(repoRoot, 'infra/nginx.conf'), path.join(confDir, 'nginx.conf'));
    copyFileSync('/etc/nginx/mime.types', path.join(confDir, 'mime.types'));
    const upstream = (name: string, port: (i: Instance) => number) =>
      `upstream ${name} {\n${instances.map((i) => `  server 127.0.0.1:${port(i)};\n`).join('')}  keepalive 8;\n}\n`;
    writeFileSync(
      path.join(confDir, 'autoradar-upstreams.conf'),
      upstream('autoradar_http', (i) => i.httpPort) +
        upstream('autoradar_ws', (i) => i.wsPort) +
        `upstream autoradar_bot {\n  server 127.0.0.1:${botPort};\n}\n` +
        // Temporary files beside the config, so nginx needs no system directory.
        ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((what) => `${what}_temp_path ${path.join(confDir, what)};\n`)
          .join(''),
    );
    // The public server on both a plain port (most tests below, and the websocket client) and TLS, as production's
    // 443; the redirecting server on its own port, as production's 80.
    writeFileSync(
      path.join(confDir, 'autoradar-listen.conf'),
      `listen 127.0.0.1:${nginxPort};\nlisten 127.0.0.1:${tlsPort} ssl;\n` +
        `ssl_certificate ${path.join(confDir, 'fullchain.pem')};\nssl_certificate_key ${path.join(confDir, 'privkey.pem')};\n`,
    );
    writeFileSync(path.join(confDir, 'autoradar-redirect.conf'), `listen 127.0.0.1:${redirectPort};\n`);
    const accessLogFd = openSync(path.join(confDir, 'access.log'), 'a');
    nginx = spawn(
      NGINX_PATH,
      [
        '-e',
        'stderr',
        '-p',
        confDir,
        '-c',
        path.join(confDir, 'nginx.conf'),
        '-g',
        `daemon off; pid ${path.join(confDir, 'nginx.pid')}; user ${userInfo().username};`,
      ],
      // The access log (`access_log /dev/stdout`) goes to a file: Node's 'pipe' is a socket pair, which nginx cannot
      // open as /dev/stdout (ENXIO); a container's stdout, a pipe or a file, it can.
      { stdio: ['ignore', accessLogFd, 'pipe'] },
    );
    closeSync(accessLogFd);
    nginx.stderr?.on('data', (d: Buffer) => (nginxLog += d.toString()));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}:\n${nginxLog}`);
      const up = await request(`${origin}/api/health`).catch(() => undefined);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${nginxLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await started(bot, 'Бот запущен');
    await Promise.all(workers.map((w) => started(w, 'Обработчик уведомлений')));
  });

  afterAll(async () => {
    // NGINX_TEST_OUTPUT=<dir> keeps every process's output for a look after the run.
    const keep = process.env['NGINX_TEST_OUTPUT'];
    if (keep) {
      mkdirSync(keep, { recursive: true });
      const named = {
        'api-1': instances[0],
        'api-2': instances[1],
        bot,
        'worker-1': workers[0],
        'worker-2': workers[1],
      };
      for (const [name, p] of Object.entries(named)) {
        if (!p) continue;
        writeFileSync(path.join(keep, `${name}.log`), p.output());
        const metrics = await request(`http://127.0.0.1:${p.metricsPort}/metrics`).catch(() => undefined);
        if (metrics) writeFileSync(path.join(keep, `${name}.metrics`), metrics.body);
      }
      if (existsSync(path.join(confDir, 'access.log')))
        copyFileSync(path.join(confDir, 'access.log'), path.join(keep, 'access.log'));
    }
    for (const echo of echoes) echo.disconnect();
    await stop(nginx);
    await Promise.all([...(bot ? [bot] : []), ...workers].map((p) => stop(p.child, p.exited)));
    await Promise.all(instances.map((i) => stop(i.child, i.exited)));
    await botApi?.close();
    if (admin) {
      await admin.client.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
      await admin.close();
    }
    rmSync(confDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('start both instances at once on one empty database, which gets every migration once', async () => {
    for (const instance of instances) expect(instance.output()).toContain('База данных: PostgreSQL');
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'packages/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${dbName}`;
    const db = await createDb({ databaseUrl: url.toString(), dataDir: tmpdir() });
    try {
      if (db.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const { rows } = await db.client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      await db.close();
    }
  });

  it('serve the web app and the health check on the one public origin', async () => {
    const page = await request(`${origin}/search`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body.toString()).toContain('window.__APP_CONFIG__');
    const health = await request(`${origin}/api/health`);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', db: 'ok' });
  });

  it("send a JavaScript asset gzip-encoded to a browser that accepts gzip, decoding to the build's bytes", async () => {
    const html = (await request(`${origin}/`)).body.toString();
    const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const asset = await request(`${origin}${entry}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    const built = readFileSync(path.join(repoRoot, 'apps/web/dist', entry!));
    expect(asset.body.length).toBeLessThan(built.length);
    expect(gunzipSync(asset.body).equals(built)).toBe(true);
  });

  /** A laravel-echo client connected through nginx's /app/, subscribed to `posts`: its inbox of post.published. */
  async function subscribeThroughNginx(): Promise<Inbox> {
    const echo = createEcho({ wsPort: nginxPort, httpUrl: origin, key: app.key });
    echoes.push(echo);
    await connected(echo);
    const inbox = new Inbox();
    const channel = echo.channel('posts').listen('.post.published', inbox.push);
    await waitFor('subscribed', (done) => channel.subscribed(() => done(undefined)));
    return inbox;
  }

  /** Signs a Telegram user in through nginx with this run's bot (creating the account); the bearer token. */
  async function signIn(user: TelegramUser): Promise<string> {
    const answer = await request(`${origin}/api/auth/telegram/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ initData: signInitData(user, BOT_TOKEN) }),
    });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body.toString()}`);
    return (JSON.parse(answer.body.toString()) as { token: string }).token;
  }

  /** The Pusher server SDK, as the bot publishes, signed with the app's secret, aimed at a port. */
  const sdk = (port: number) =>
    new PusherServer({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port) });

  it('deliver to a websocket client connected through nginx the events published on either instance', async () => {
    const inbox = await subscribeThroughNginx();
    // Straight to each instance: the client sits on one of them, so one event crosses over through Redis.
    await sdk(instances[0]!.wsPort).trigger('posts', 'post.published', { post: { id: 1 } });
    expect(await inbox.next()).toEqual({ post: { id: 1 } });
    await sdk(instances[1]!.wsPort).trigger('posts', 'post.published', { post: { id: 2 } });
    expect(await inbox.next()).toEqual({ post: { id: 2 } });
  });

  it('refuse the Pusher HTTP events API (/apps/) from outside: only the internal network publishes events', async () => {
    // A correctly signed event, as the bot sends one to an instance's own port, is refused through nginx.
    await expect(sdk(nginxPort).trigger('posts', 'post.published', { post: { id: 3 } })).rejects.toMatchObject({
      status: 404,
    });
    for (const target of [`${origin}/apps/${app.id}/events`, `${secureOrigin}/apps/${app.id}/events`]) {
      const answer = await request(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'post.published', channel: 'posts', data: '{}' }),
      });
      expect(answer.status).toBe(404);
      expect(messageOf(answer)).toBe('Не найдено');
    }
    // The same event straight to an instance's websocket port still reaches clients connected through nginx.
    const inbox = await subscribeThroughNginx();
    await sdk(instances[0]!.wsPort).trigger('posts', 'post.published', { post: { id: 4 } });
    expect(await inbox.next()).toEqual({ post: { id: 4 } });
  });

  it('redirect plain HTTP to the same address over HTTPS, for every path and method', async () => {
    for (const [method, target] of [
      ['GET', '/search?brand=1&q=%D0%BA'],
      ['GET', '/api/health'],
      ['POST', '/api/auth/telegram/check'],
      ['GET', '/app/autoradar-key'],
    ] as const) {
      const answer = await request(`http://127.0.0.1:${redirectPort}${target}`, { method });
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toBe(`https://127.0.0.1${target}`);
      expect(answer.headers['strict-transport-security'], target).toBeUndefined();
    }
  });

  it("send HSTS with every HTTPS answer, and the API's own security headers through the proxy", async () => {
    for (const target of ['/', '/api/health', '/api/no-such-call', '/apps/x/events']) {
      const answer = await request(`${secureOrigin}${target}`);
      expect(answer.headers['strict-transport-security'], target).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['x-content-type-options'], target).toBe('nosniff');
    }
    const page = await request(`${secureOrigin}/search`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const miniApp = await request(`${secureOrigin}/tma/`);
    expect(miniApp.headers['content-security-policy']).toContain('frame-ancestors https://web.telegram.org');
    expect(miniApp.headers['x-frame-options']).toBeUndefined();
  });

  it('limit sign-in attempts per client address as nginx saw it, counted across instances, which a client cannot forge', async () => {
    const attempt = (localAddress: string, headers: Record<string, string> = {}) =>
      request(`${origin}/api/auth/telegram/check`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ initData: 'user=%7B%7D&hash=0' }),
        localAddress,
      });
    // Two loopback addresses of this run's own (Redis keeps a minute's counts between runs).
    const octet = () => 1 + Math.floor(Math.random() * 250);
    const [client, neighbour] = [`127.${octet()}.${octet()}.2`, `127.${octet()}.${octet()}.3`];
    // Both instances count in Redis together: AUTH_RATE_LIMIT attempts pass whichever instance nginx picks, the next
    // is refused.
    const first: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT; i++) first.push((await attempt(client)).status);
    expect(first.filter((status) => status === 429)).toEqual([]);
    const refused = await attempt(client);
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toMatch(/[а-яё]/i);
    const again = [await attempt(client), await attempt(client)];
    expect(again.map((a) => a.status)).toEqual([429, 429]);
    // Another address claimed in X-Forwarded-For is replaced by nginx with the real one: still refused.
    const forged = [
      await attempt(client, { 'X-Forwarded-For': '198.51.100.7' }),
      await attempt(client, { 'X-Forwarded-For': '198.51.100.7' }),
    ];
    expect(forged.map((a) => a.status)).toEqual([429, 429]);
    // Another client, behind the same nginx, is not affected.
    const other = [await attempt(neighbour), await attempt(neighbour)];
    for (const answer of other) expect(answer.status).not.toBe(429);
  });

  it("pass Telegram's webhook calls to the bot's process with the secret header, which the bot checks", async () => {
    const url = `${origin}/telegram/webhook`;
    // The bot's process registered its webhook at start (BOT_WEBHOOK_URL, BOT_WEBHOOK_SECRET).
    expect(botApi!.webhook()).toEqual({ url, secretToken: WEBHOOK_SECRET });
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 4242, type: 'private', first_name: 'Иван' },
        from: { id: 4242, is_bot: false, first_name: 'Иван' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    // Telegram's POST, through nginx, reaches the bot, which answers the user.
    expect(await botApi!.deliverUpdate(update)).toBe(200);
    const toIvan = () => botApi!.deliveredOf('sendMessage').filter((m) => m.payload['chat_id'] === 4242);
    await vi.waitFor(() => expect(toIvan()).toHaveLength(1), { timeout: 10_000 });
    // nginx's id of Telegram's call (its access log) is the one in the bot's send line.
    await vi.waitFor(() => {
      const line = readFileSync(path.join(confDir, 'access.log'), 'utf8')
        .split('\n')
        .find((l) => l.includes('"POST /telegram/webhook HTTP/1.1" 200'));
      const webhookId = /request_id=([0-9a-f]{32})/.exec(line ?? '')?.[1];
      expect(webhookId).toBeDefined();
      const sends = logLines(bot!).filter((l) => l['msg'] === 'Бот: отправлено' && l['chatId'] === 4242);
      expect(sends.map((l) => [l['method'], l['requestId']])).toEqual([['sendMessage', webhookId]]);
    });
    // A caller without the secret gets the bot's 401 through nginx, and nothing is sent.
    const forged = await request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...update, update_id: 2 }),
    });
    expect(forged.status).toBe(401);
    expect(toIvan()).toHaveLength(1);
  });

  it('accept a listing photo of a few megabytes, and refuse a larger body with the Russian message', async () => {
    const token = await signIn({ id: 7_300_001, first_name: 'Нина' });
    await callApi({ url: origin }, token, 'POST', '/api/test-period');
    const draft = (await callApi<{ data: { id: number } }>({ url: origin }, token, 'GET', '/api/drafts/create')).data;
    const photo = noisePng(1100, 1000);
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const form = new FormData();
    form.append('draft_id', String(draft.id));
    form.append('file', new Blob([photo], { type: 'image/png' }), 'car.png');
    const upload = await fetch(`${origin}/api/drafts/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const media = ((await upload.json()) as { data: { src: string } }).data;
    // Served back through nginx by whichever instance answers (one media directory, as compose's volume).
    for (let i = 0; i < 2; i++) {
      const shown = await request(new URL(media.src, origin).toString());
      expect(shown.status).toBe(200);
      expect(shown.headers['content-type']).toMatch(/^image\//);
    }

    const tooLarge = await request(`${origin}/api/drafts/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\n',
      declaredLength: 13 * 1024 * 1024,
    });
    expect(tooLarge.status).toBe(413);
    expect(messageOf(tooLarge)).toBe('Файл слишком большой: не более 10 МБ');
  });
  it('follow one listing by its request id from nginx to 300 subscribers; two workers stay within 30 messages/s together, and a 429 holds its chat ~20 s, delivered once', async () => {
    const db = await createDb({ databaseUrl, dataDir: tmpdir() });
    if (db.kind !== 'postgres') throw new Error('expected PostgreSQL');
    try {
      // 300 Pro subscribers, each with a filter that takes any car by Telegram.
      const chats = Array.from({ length: SUBSCRIBERS }, (_, i) => 9_300_000 + i);
      const subscribers = await db.db
        .insert(users)
        .values(
          chats.map((telegramId, i) => ({
            telegramId,
            firstName: `Подписчик ${i}`,
            isPro: true,
            proExpired: new Date(Date.now() + 86_400_000),
          })),
        )
        .returning({ id: users.id });
      await db.db
        .insert(filters)
        .values(
          subscribers.map((u) => ({ userId: u.id, name: 'Любая машина', active: true, via: ['telegram' as const] })),
        );
      const {
        rows: [model],
      } = await db.client.query<{ id: number; brand_id: number }>(
        'select id, brand_id from models order by id limit 1',
      );

      // The seller publishes through nginx, as the app does.
      const token = await signIn({ id: 7_300_002, first_name: 'Олег' });
      await callApi({ url: origin }, token, 'POST', '/api/test-period');
      const draft = (await callApi<{ data: { id: number } }>({ url: origin }, token, 'GET', '/api/drafts/create')).data;
      const firstSend = sendTimes.length;
      // Telegram's flood control refuses the first notification with retry_after 20 (and that chat until then).
      botApi!.fail('sendMessage', tooManyRequests(20));
      const published = await request(`${origin}/api/drafts/${draft.id}/publish`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          year: 2018,
          mileage: 87_000,
          price: 1_250_000,
          city: 'Казань',
          description: 'Один владелец, обслуживание у дилера.',
          contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
          brand_id: model!.brand_id,
          model_id: model!.id,
          generation_id: null,
          configuration_id: null,
        }),
      });
      expect(published.status, published.body.toString()).toBe(200);
      const postId = (JSON.parse(published.body.toString()) as { post_id: number }).post_id;
      // nginx's $request_id (32 hex digits), which the API took from X-Request-Id and answered with.
      const requestId = String(published.headers['x-request-id']);
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);

      const toSubscribers = () =>
        botApi!.callsOf('sendMessage').filter((c) => chats.includes(c.payload['chat_id'] as number));
      await vi.waitFor(
        async () => {
          expect(toSubscribers().filter((c) => c.status === 200)).toHaveLength(SUBSCRIBERS);
          const { rows } = await db.client.query<{ n: number }>(
            `select count(*)::int as n from deliveries where post_id = $1 and status = 'sent'`,
            [postId],
          );
          expect(rows[0]!.n).toBe(SUBSCRIBERS);
        },
        { timeout: 90_000, interval: 250 },
      );

      // Every subscriber got the listing once, with its link.
      const perChat = new Map<unknown, number>();
      for (const call of toSubscribers().filter((c) => c.status === 200)) {
        perChat.set(call.payload['chat_id'], (perChat.get(call.payload['chat_id']) ?? 0) + 1);
        expect(JSON.stringify(call.payload['reply_markup'])).toContain(`startapp=post_${postId}`);
      }
      expect(perChat.size).toBe(SUBSCRIBERS);
      expect([...perChat.values()].every((n) => n === 1)).toBe(true);

      // Both workers sent, together within 30 calls a second at the Bot API. Counted over two-second windows: the
      // arrivals are stamped by this test process, whose event loop (busy with seven processes' output) stamps a
      // burst of them late together now and then (33 in one second was seen on a loaded machine, with the same
      // spacing at the senders); two workers without the shared budget send ~60 a second and fail this just the same.
      // The one-second rule itself is asserted where nothing else runs: telegram-budget.test.ts.
      const busiest = maxInAnyWindow(sendTimes.slice(firstSend), 2_000);
      expect(busiest).toBeLessThanOrEqual(2 * TELEGRAM_BUDGET.messagesPerSecond);
      // The refused chat: one 429, then its message once, after retry_after (the emulator refuses an earlier retry
      // with another 429, so [429, 200] means the wait was kept).
      const refused = toSubscribers().filter((c) => c.status === 429);
      expect(refused).toHaveLength(1);
      const chat = refused[0]!.payload['chat_id'];
      const ofChat = toSubscribers().filter((c) => c.payload['chat_id'] === chat);
      expect(ofChat.map((c) => c.status)).toEqual([429, 200]);
      const heldMs = sendAt.get(ofChat[1]!)! - sendAt.get(ofChat[0]!)!;
      expect(heldMs).toBeGreaterThanOrEqual(20_000 - 50);
      console.log(
        `nginx.test: ${SUBSCRIBERS} notifications by 2 workers, busiest second ${busiest} sendMessage calls; ` +
          `the 429 (retry_after 20) held its chat ${(heldMs / 1000).toFixed(2)} s`,
      );

      // One request id from nginx's access log to the sender's log line.
      const accessLog = readFileSync(path.join(confDir, 'access.log'), 'utf8');
      const accessLine = accessLog.split('\n').find((line) => line.includes(`request_id=${requestId}`));
      expect(accessLine).toContain(`"POST /api/drafts/${draft.id}/publish HTTP/1.1" 200`);
      const apiLines = instances.flatMap(logLines).filter((line) => line['requestId'] === requestId);
      expect(apiLines.map((line) => line['msg'])).toContain('request completed');
      const { rows: jobs } = await db.client.query<{ request_id: string }>(
        'select request_id from notify_jobs where post_id = $1',
        [postId],
      );
      expect(jobs).toEqual([{ request_id: requestId }]);
      const { rows: carried } = await db.client.query<{ request_id: string; n: number }>(
        'select request_id, count(*)::int as n from deliveries where post_id = $1 group by request_id',
        [postId],
      );
      expect(carried).toEqual([{ request_id: requestId, n: SUBSCRIBERS }]);
      await vi.waitFor(() => {
        const sendLines = workers.map((w) =>
          logLines(w).filter(
            (line) => line['msg'] === 'Уведомления: отправлено' && (line['requestIds'] as string[]).includes(requestId),
          ),
        );
        // The two worker processes shared the work.
        for (const lines of sendLines) expect(lines.length).toBeGreaterThan(0);
        const ids = sendLines.flat().flatMap((line) => line['deliveryIds'] as number[]);
        expect(new Set(ids).size).toBe(SUBSCRIBERS);
      });
    } finally {
      await db.close();
    }
  }, 120_000);

  it("show each process's request, websocket, queue and delivery figures on its METRICS_PORT, never through nginx", async () => {
    const scrape = async (p: Running) => {
      const answer = await request(`http://127.0.0.1:${p.metricsPort}/metrics`);
      expect(answer.status).toBe(200);
      return answer.body.toString();
    };
    const sum = (texts: string[], name: string, labels: Record<string, string> = {}) =>
      texts.reduce((total, text) => total + (metricValue(text, name, labels) ?? 0), 0);

    const apis = await Promise.all(instances.map(scrape));
    for (const text of apis) {
      expect(metricValue(text, 'autoradar_http_request_duration_seconds_count', { process: 'api' })).toBeGreaterThan(0);
      expect(metricValue(text, 'autoradar_websocket_connections')).toBeDefined();
      expect(metricValue(text, 'autoradar_queue_depth', { queue: 'notify_jobs' })).toBe(0);
      expect(metricValue(text, 'autoradar_pg_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
    // The one publish, answered by one of the two; the websocket clients connected through nginx earlier.
    const publish = { route: '/api/drafts/:id/publish', method: 'POST', status: '200' };
    expect(sum(apis, 'autoradar_http_request_duration_seconds_count', publish)).toBe(1);
    expect(sum(apis, 'autoradar_websocket_connections')).toBeGreaterThan(0);
    expect(sum(apis, 'autoradar_websocket_messages_total', { direction: 'in' })).toBeGreaterThan(0);
    expect(sum(apis, 'autoradar_websocket_messages_total', { direction: 'out' })).toBeGreaterThan(0);

    const senders = await Promise.all(workers.map(scrape));
    const sent = { channel: 'telegram', result: 'sent', process: 'worker' };
    for (const text of senders) {
      expect(metricValue(text, 'autoradar_notification_deliveries_total', sent)).toBeGreaterThan(0);
      expect(metricValue(text, 'autoradar_queue_depth', { queue: 'deliveries' })).toBe(0);
      expect(metricValue(text, 'autoradar_queue_oldest_age_seconds', { queue: 'deliveries' })).toBe(0);
    }
    expect(sum(senders, 'autoradar_notification_deliveries_total', sent)).toBe(SUBSCRIBERS);
    expect(sum(senders, 'autoradar_telegram_429_total')).toBe(1);
    expect(sum(senders, 'autoradar_telegram_sends_total')).toBe(SUBSCRIBERS + 1);

    // The bot answered /start by webhook: its own sends and the queues it reads.
    const botText = await scrape(bot!);
    expect(metricValue(botText, 'autoradar_telegram_sends_total', { process: 'bot' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(botText, 'autoradar_queue_depth', { queue: 'notify_jobs' })).toBe(0);

    // Not on the public origin (plain and TLS), nor on an instance's public port.
    for (const target of [
      `${origin}/metrics`,
      `${origin}/metrics/`,
      `${origin}/metrics?x=1`,
      `${secureOrigin}/metrics`,
    ]) {
      const answer = await request(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body.toString(), target).not.toContain('autoradar_');
    }
    const direct = await request(`http://127.0.0.1:${instances[0]!.httpPort}/metrics`);
    expect(direct.body.toString()).not.toContain('autoradar_http_request_duration_seconds');
  });
});
