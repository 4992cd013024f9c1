import { afterAll, describe, expect, it } from 'vitest';
import { brands, createDb, posts, users } from '@autoradar/db';
import { runApi, startServer, tempDataDir, freePort, type RunningServer } from '../support/server';

// The start command as a user runs it: embedded PGlite under DATA_DIR, reference and demo data, both apps served.

async function countRows(dataDir: string) {
  const handle = await createDb({ dataDir });
  try {
    return {
      posts: await handle.db.$count(posts),
      brands: await handle.db.$count(brands),
      users: await handle.db.$count(users),
    };
  } finally {
    await handle.close();
  }
}

describe('embedded start', () => {
  const dataDir = tempDataDir();
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the landing page, the mini-app and a healthy API, then stops gracefully', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain(`АвтоРадар работает: http://127.0.0.1:`);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });

    const landing = await fetch(`${server.url}/`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('<html lang="ru"');
    const appConfig = /window\.__APP_CONFIG__=(\{.*?\})<\/script>/.exec(html)?.[1];
    // The operator defaults to the product's name; the websocket is the one this server opened (REVERB_PORT).
    expect(JSON.parse(appConfig ?? 'null')).toEqual({
      appName: 'АвтоРадар',
      operatorName: 'АвтоРадар',
      realtimeKey: 'autoradar-key',
      realtimePort: expect.any(Number) as number,
    });

    const tma = await fetch(`${server.url}/tma/`);
    expect(tma.status).toBe(200);
    expect(await tma.text()).toMatch(/src="\/tma\/assets\/[^"]+\.js"/);

    const missing = await fetch(`${server.url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Не найдено' });

    expect(await server.stop()).toBe(0);
    server = undefined;
  });

  it('keeps data across a second start and seeds nothing twice', async () => {
    const first = await countRows(dataDir);
    expect(first.posts).toBeGreaterThanOrEqual(200);
    expect(first.brands).toBeGreaterThan(150);

    // Something a user created between the starts must survive the restart.
    const handle = await createDb({ dataDir });
    await handle.db.insert(users).values({ telegramId: 5_000_000_001, firstName: 'Проверка' });
    await handle.close();

    server = await startServer({ DATA_DIR: dataDir });
    expect(await server.stop()).toBe(0);
    server = undefined;

    const second = await countRows(dataDir);
    expect(second).toEqual({ ...first, users: first.users + 1 });
  });

  it('switches demo listings off with DEMO_DATA=false', async () => {
    const empty = tempDataDir();
    server = await startServer({ DATA_DIR: empty, DEMO_DATA: 'false' });
    expect(await server.stop()).toBe(0);
    server = undefined;
    const rows = await countRows(empty);
    expect(rows.posts).toBe(0);
    expect(rows.brands).toBeGreaterThan(150);
  });
});

describe('a bad setting stops the start with one clear line', () => {
  async function failedStart(env: Record<string, string>) {
    const run = runApi({ DATA_DIR: tempDataDir(), ...env });
    const code = await run.exited;
    return { code, lines: run.output().trim().split('\n') };
  }

  it('PORT that is not a port', async () => {
    const { code, lines } = await failedStart({ PORT: 'восемьдесят' });
    expect(code).not.toBe(0);
    expect(lines).toEqual(['Неверная настройка PORT=восемьдесят: ожидается номер порта']);
  });

  it('PORT already taken', async () => {
    const server = await startServer({ DATA_DIR: tempDataDir(), DEMO_DATA: 'false' });
    try {
      const port = new URL(server.url).port;
      const { code, lines } = await failedStart({ PORT: port, HOST: '127.0.0.1', DEMO_DATA: 'false' });
      expect(code).not.toBe(0);
      expect(lines.at(-1)).toBe(`Порт ${port} занят: задайте другой в PORT или остановите процесс, который его занял`);
      expect(lines.filter((l) => l.includes('Порт'))).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('DATABASE_URL that is not a PostgreSQL address', async () => {
    const { code, lines } = await failedStart({ DATABASE_URL: 'mysql://root@127.0.0.1/test' });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Неверная настройка DATABASE_URL=mysql:\/\/root@127\.0\.0\.1\/test: /);
  });

  it('DATABASE_URL of a server that is not there, without leaking the password', async () => {
    const port = await freePort();
    const { code, lines } = await failedStart({ DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/autoradar` });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(lines[0]).toContain(`127.0.0.1:${port}`);
    expect(lines[0]).not.toContain('hunter2');
  });
});
