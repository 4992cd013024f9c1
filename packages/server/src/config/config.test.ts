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

  describe('production refuses a default, short or not random secret, naming it in one line (issue 31)', () => {
    const strong = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const production = {
      NODE_ENV: 'production',
      BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',
      APP_SECRET: strong,
      REVERB_APP_SECRET: 'a4e1c2b9d8f7061352e4a9b8c7d6e5f4',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return null;
    };

    it('starts with strong secrets, and derives the webhook secret when it is not set', () => {
      expect(refusal(production)).toBeNull();
      expect(loadConfig(production).reverb.secret).toBe(production.REVERB_APP_SECRET);
      expect(refusal({ ...production, BOT_WEBHOOK_SECRET: strong.toUpperCase() })).toBeNull();
    });

    it.each([
      ['REVERB_APP_SECRET', undefined, 'значение по умолчанию'],
      ['REVERB_APP_SECRET', 'autoradar-secret', 'значение по умолчанию'],
      ['REVERB_APP_SECRET', 'change-me', 'значение по умолчанию'],
      ['REVERB_APP_SECRET', 'short-secret-123', 'не короче 32 символов'],
      ['REVERB_APP_SECRET', 'a'.repeat(40), 'не похожа на случайную'],
      ['APP_SECRET', 'ab'.repeat(20), 'не похожа на случайную'],
      ['BOT_WEBHOOK_SECRET', 'webhook', 'не короче 32 символов'],
      ['BOT_WEBHOOK_SECRET', 'change-me', 'значение по умолчанию'],
    ])('refuses %s=%s', (name, value, reason) => {
      const env: Record<string, string> = { ...production };
      if (value === undefined) delete env[name];
      else env[name] = value;
      const message = refusal(env);
      expect(message?.split('\n')).toHaveLength(1);
      expect(message).toMatch(new RegExp(`^Неверная настройка ${name}: в режиме production .*${reason}`));
      // The value itself is never echoed.
      if (value) expect(message).not.toContain(value);
    });

    it('leaves development and tests on the defaults', () => {
      expect(loadConfig({}).reverb.secret).toBe('autoradar-secret');
      expect(refusal({ NODE_ENV: 'test', BOT_WEBHOOK_SECRET: 'x' })).toBeNull();
    });
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
