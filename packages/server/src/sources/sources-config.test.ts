import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_MEDIA_HOSTS, readSourcesConfig } from './sources-config';

describe('readSourcesConfig', () => {
  it('has working defaults and no MTProto without its settings', () => {
    expect(readSourcesConfig({})).toEqual({
      telegramPreview: { baseUrl: 'https://t.me', concurrency: 8, perSecond: 30, timeoutMs: 15_000 },
      media: { hosts: DEFAULT_SOURCE_MEDIA_HOSTS, maxBytes: 20 * 1_048_576, timeoutMs: 15_000 },
      mtproto: null,
      vk: null,
      scheduler: {
        enabled: true,
        concurrency: 4,
        pollIntervalMs: 5_000,
        workers: 1,
        intervalMs: { initial: 300_000, min: 60_000, max: 3_600_000 },
      },
    });
    expect(readSourcesConfig({ SOURCES_SCHEDULER: 'false', VK_TOKEN: 'vk1' })).toMatchObject({
      vk: { token: 'vk1', apiUrl: 'https://api.vk.com/method' },
      scheduler: { enabled: false },
    });
  });

  it('reads the settings', () => {
    const config = readSourcesConfig({
      TELEGRAM_PREVIEW_URL: 'http://127.0.0.1:9000/',
      SOURCE_MEDIA_HOSTS: '127.0.0.1, *.Telesco.pe ,[::1]',
      TELEGRAM_API_ID: '123456',
      TELEGRAM_API_HASH: '0123456789abcdef0123456789abcdef',
      TELEGRAM_SESSION: '1AgAOMTQ5LjE1NC4xNjcuNTEBu…',
    });
    expect(config.telegramPreview.baseUrl).toBe('http://127.0.0.1:9000');
    expect(config.media.hosts).toEqual(['127.0.0.1', '*.telesco.pe', '[::1]']);
    expect(config.mtproto).toEqual({
      apiId: 123456,
      apiHash: '0123456789abcdef0123456789abcdef',
      session: '1AgAOMTQ5LjE1NC4xNjcuNTEBu…',
    });
  });

  it('stops on a bad value with a Russian line naming the setting', () => {
    expect(() => readSourcesConfig({ TELEGRAM_PREVIEW_URL: 'ftp://t.me' })).toThrow(
      'Настройка TELEGRAM_PREVIEW_URL: ожидается адрес http(s)://…',
    );
    expect(() => readSourcesConfig({ SOURCE_MEDIA_HOSTS: 'cdn4.telesco.pe, http://evil/' })).toThrow(
      'Настройка SOURCE_MEDIA_HOSTS: ожидаются хосты через запятую (cdn4.telesco.pe, *.telesco.pe, 127.0.0.1), а не http://evil/',
    );
    expect(() => readSourcesConfig({ TELEGRAM_PREVIEW_RPS: '0' })).toThrow('Настройка TELEGRAM_PREVIEW_RPS');
    expect(() =>
      readSourcesConfig({ TELEGRAM_API_ID: '1', TELEGRAM_API_HASH: '0123456789abcdef0123456789abcdef' }),
    ).toThrow('задаются вместе');
  });
});
