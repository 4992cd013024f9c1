import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@autoradar/server/config/config';
import { createLocalBus } from './bus';
import { silentLog } from './log';
import { realtimeServerOptions } from './realtime.plugin';

const options = (env: Record<string, string>) =>
  realtimeServerOptions(loadConfig({ LOG_LEVEL: 'silent', ...env }), createLocalBus(), silentLog);

describe('realtime settings', () => {
  it('default to Reverb’s limits, REVERB_PORT and the app’s own origin (plus local pages outside production)', () => {
    const dev = options({ APP_URL: 'https://autoradar.example' });
    expect(dev.port).toBe(8080);
    expect(dev.allowedOrigins).toEqual(['https://autoradar.example', 'localhost', '127.0.0.1', '[::1]']);
    expect(dev.limits).toEqual({ maxConnections: 20_000, maxSubscriptionsPerConnection: 200, maxMessageBytes: 10_000 });
    const prod = options({
      NODE_ENV: 'production',
      APP_URL: 'https://autoradar.example',
      BOT_TOKEN: '123456:' + 'A'.repeat(35),
      APP_SECRET: '0123456789abcdef0123456789abcdef',
      REVERB_APP_SECRET: 'fedcba9876543210fedcba9876543210',
    });
    expect(prod.allowedOrigins).toEqual(['https://autoradar.example']);
  });

  it('take REVERB_ALLOWED_ORIGINS and the limits from the environment', () => {
    const o = options({
      REVERB_ALLOWED_ORIGINS: ' https://autoradar.example , *.autoradar.example ',
      REVERB_MAX_CONNECTIONS: '500',
      REVERB_MAX_SUBSCRIPTIONS: '50',
      REVERB_MAX_MESSAGE_SIZE: '4096',
      REVERB_PORT: '6001',
    });
    expect(o.allowedOrigins).toEqual(['https://autoradar.example', '*.autoradar.example']);
    expect(o.limits).toEqual({ maxConnections: 500, maxSubscriptionsPerConnection: 50, maxMessageBytes: 4096 });
    expect(o.port).toBe(6001);
  });

  it('stop the start on an origin that is neither an address nor a host name, or a limit that is not a number', () => {
    expect(() => loadConfig({ REVERB_ALLOWED_ORIGINS: 'https://ok.example, ftp://files.example' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ REVERB_ALLOWED_ORIGINS: 'https://ok.example, ftp://files.example' })).toThrow(
      /^Неверная настройка REVERB_ALLOWED_ORIGINS=/,
    );
    expect(() => loadConfig({ REVERB_MAX_CONNECTIONS: 'много' })).toThrow(
      /^Неверная настройка REVERB_MAX_CONNECTIONS=много: /,
    );
  });
});
