import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all: the embedded default', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.appName).toBe('АвтоРадар');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoData).toBe(true);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.reverb.port).toBe(8080);
    expect(c.initDataMaxAgeSeconds).toBe(86_400);
    expect(c.dataDir.endsWith('.data')).toBe(true);
  });

  it('turns demo data off on a real database unless asked, and on request anywhere', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['REVERB_PORT', '-1'],
    ['DATABASE_URL', 'mysql://root@localhost/test'],
    ['DATABASE_URL', 'not a url'],
    ['APP_URL', 'ftp://example.com'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['DEMO_DATA', 'maybe'],
    ['INITDATA_MAX_AGE', '0'],
    ['BOT_TOKEN', 'not-a-token'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,nginx'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['YANDEX_TIMEOUT', '0'],
  ])('stops on %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(new RegExp(`^Неверная настройка ${name}`));
  });

  it('never echoes a secret or a URL password back', () => {
    expect(() => loadConfig({ BOT_TOKEN: 'leaky-secret' })).toThrow(/BOT_TOKEN=\*\*\*/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@localhost/test' })).toThrow(
      /DATABASE_URL=mysql:\/\/root:\*\*\*@localhost/,
    );
  });

  it('refuses a production start without a bot token (DESIGN.md §3)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('Неверная настройка BOT_TOKEN');
  });

  it('believes no proxy unless TRUST_PROXY names one: addresses, subnets and range names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8, ::1,uniquelocal' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(
      'Неверная настройка TRUST_PROXY=127.0.0.1,nginx: ожидаются адреса или подсети через запятую (127.0.0.1, 10.0.0.0/8, loopback, uniquelocal), а не nginx',
    );
  });

  it('runs the bot inside the API unless BOT_IN_API=false hands it to its own process', () => {
    expect(loadConfig({}).bot.inApi).toBe(true);
    expect(loadConfig({ BOT_IN_API: 'false' }).bot.inApi).toBe(false);
    expect(() => loadConfig({ BOT_IN_API: 'maybe' })).toThrow(/BOT_IN_API/);
  });

  it('gives Yandex ID five seconds per call unless told otherwise', () => {
    expect(loadConfig({}).yandex.timeoutMs).toBe(5000);
    expect(loadConfig({ YANDEX_TIMEOUT: '2' }).yandex.timeoutMs).toBe(2000);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });
});
