import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ignore from '@balena/dockerignore';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../support/server';

// The production image (infra/Dockerfile) cannot be built here (no Docker), so its parts are checked one by one:
// what .dockerignore keeps out of the build context, what the Dockerfile declares, and the production install it
// runs, done for real in a temporary folder and started against the embedded database.

const dockerignore = ignore().add(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8'));
const ignored = (relative: string) => dockerignore.ignores(relative);

/** What `docker build` would send: every file of the working tree that .dockerignore does not exclude. */
function buildContext(): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(repoRoot, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (ignored(child)) continue;
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  return files;
}

describe('.dockerignore', () => {
  it('keeps history, environment files, certificates, local data, test results, installs and builds out', () => {
    for (const secret of [
      '.git/config',
      '.git/objects/pack/x.pack',
      '.env',
      'infra/.env',
      'infra/.env.production',
      'apps/api/.env.local',
      'infra/certs/fullchain.pem',
      'infra/certs/privkey.pem',
      'backup/server.key',
      '.data/pglite/base/1',
      '.data/media/1/photo.webp',
      'apps/api/.data/pglite/x',
      'data/pglite/x',
      'test-results/screenshots/landing.png',
      'node_modules/fastify/package.json',
      'apps/api/node_modules/.bin/tsx',
      'apps/api/dist/main.js',
      'apps/web/dist/index.html',
    ]) {
      expect(ignored(secret), secret).toBe(true);
    }
  });

  it('sends what the build needs, the reference data and the documented environment example included', () => {
    for (const needed of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'apps/api/src/main.ts',
      'apps/api/build.mjs',
      'packages/db/data/cities.json',
      'packages/db/migrations/meta/_journal.json',
      'infra/env.example',
      'infra/nginx.conf',
    ]) {
      expect(ignored(needed), needed).toBe(false);
    }
  });

  it('leaves no such file in the context this working tree would send', () => {
    const context = buildContext();
    expect(context).toContain('pnpm-lock.yaml');
    const leaks = context.filter(
      (file) =>
        /(^|\/)(\.git|node_modules|dist|\.data|test-results|certs)\//.test(file) ||
        /(^|\/)\.env(\.|$)/.test(file) ||
        /\.(pem|key|crt)$/.test(file),
    );
    expect(leaks).toEqual([]);
    // This machine's checkout does have them, so the walk above met them.
    for (const present of ['.git', 'node_modules', 'apps/api/node_modules']) {
      expect(existsSync(path.join(repoRoot, present)), present).toBe(true);
    }
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'infra/Dockerfile'), 'utf8');
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args = new Map(
    instructions.filter((line) => /^ARG \w+=/.test(line)).map((line) => line.slice(4).split('=') as [string, string]),
  );
  const stages = instructions.map((line, index) => ({ line, index })).filter(({ line }) => line.startsWith('FROM '));
  const resolve = (text: string) => text.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '');
  const runtime = instructions.slice(stages.at(-1)!.index);

  it('builds in stages, every one on a supported Node LTS (22 or 24) on Debian bookworm-slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const { line } of stages) {
      const image = resolve(line.split(/\s+/)[1]!);
      expect(image, line).toMatch(/^node:(22|24)(\.\d+)*-bookworm-slim$/);
    }
  });

  it('installs only production dependencies for the image, and runs as a user that is not root', () => {
    expect(instructions.some((line) => /pnpm install --prod --frozen-lockfile/.test(line))).toBe(true);
    const users = runtime.filter((line) => line.startsWith('USER '));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER (root|0)(:|$)/);
    expect(runtime.some((line) => /^COPY --from=build\b/.test(line))).toBe(true);
    expect(runtime.some((line) => /^RUN .*pnpm install/.test(line))).toBe(false);
  });

  it("checks the API's health, and starts the compiled API by default", () => {
    const health = runtime.find((line) => line.startsWith('HEALTHCHECK '));
    expect(health).toMatch(/CMD .*\/api\/health/);
    expect(runtime.at(-1)).toBe('CMD ["node", "apps/api/dist/main.js"]');
    expect(runtime).toContain('USER node');
  });
});

describe('the production install, done for real and started', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'autoradar-image-'));
  const dataDir = path.join(root, 'data');
  let output = '';
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the API from a tree with the production dependencies only, on the embedded database', async () => {
    for (const built of ['apps/web/dist/index.html', 'apps/miniapp/dist/index.html']) {
      if (!existsSync(path.join(repoRoot, built))) throw new Error(`нет ${built}: сначала pnpm build`);
    }
    const context = buildContext();
    const pnpm = (cwd: string, args: string[]) => {
      const run = spawnSync('npx', ['-y', 'pnpm@10', ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
        timeout: 300_000,
      });
      expect(run.status, `pnpm ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
    };
    // The `build` stage in a folder of its own (this checkout's bundles are left alone: other tests run them): the
    // build context, the full install, the three bundles. The apps' Vite builds are `pnpm build`'s, copied below.
    const buildDir = path.join(root, 'build');
    for (const file of context) cpSync(path.join(repoRoot, file), path.join(buildDir, file));
    pnpm(buildDir, ['install', '--frozen-lockfile', '--prefer-offline']);
    pnpm(buildDir, ['--filter', '@autoradar/api', 'build']);
    pnpm(buildDir, ['--filter', '@autoradar/bot', 'build']);

    // The `deps` stage: the build context again, then the Dockerfile's production install.
    const app = path.join(root, 'app');
    for (const file of context) cpSync(path.join(repoRoot, file), path.join(app, file));
    const filters = ['--filter', '@autoradar/api...', '--filter', '@autoradar/bot...'];
    pnpm(app, ['install', '--prod', '--frozen-lockfile', '--prefer-offline', ...filters]);
    const installed = readdirSync(path.join(app, 'node_modules/.pnpm'));
    // (TypeScript and esbuild stay: a peer of @telegram-apps/init-data-node and tsx's own, both run by the API.)
    for (const devOnly of ['vitest@', 'eslint@', 'prettier@', 'vite@', 'playwright-core@', 'react@', '@stoplight+']) {
      expect(
        installed.filter((name) => name.startsWith(devOnly)),
        devOnly,
      ).toEqual([]);
    }
    expect(installed.some((name) => name.startsWith('fastify@'))).toBe(true);
    expect(installed.some((name) => name.startsWith('grammy@'))).toBe(true);

    // The `runtime` stage's copies from `build`.
    for (const dist of ['apps/web/dist', 'apps/miniapp/dist']) {
      cpSync(path.join(repoRoot, dist), path.join(app, dist), { recursive: true });
    }
    for (const dist of ['apps/api/dist', 'bot/dist']) {
      cpSync(path.join(buildDir, dist), path.join(app, dist), { recursive: true });
    }
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    child = spawn(process.execPath, ['apps/api/dist/main.js'], {
      cwd: app,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        REVERB_PORT: String(await freePort()),
        APP_URL: `http://127.0.0.1:${port}`,
        BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',
        BOT_IN_API: 'false',
        APP_SECRET: '6b86b273ff34fce19d6b804eff5a3f57',
        REVERB_APP_SECRET: 'd4735e3a265e16eee03f59718b9b5d03',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 120_000;
    while (!output.includes('работает:')) {
      if (child.exitCode !== null) throw new Error(`API exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`API did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain('встроенная (PGlite');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    for (const page of ['/', '/tma/']) {
      const answer = await fetch(`http://127.0.0.1:${port}${page}`);
      expect(answer.status, page).toBe(200);
      expect(await answer.text(), page).toContain('window.__APP_CONFIG__');
    }
    // The API's migrations and reference data were read from the copied tree, not from this checkout.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  }, 600_000);
});
