import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@autoradar/server/config/config';
import { createReportProvider } from './create-report-provider';

describe('report provider choice', () => {
  it('is the sandbox without a key and api-cloud.ru with one', () => {
    expect(createReportProvider(loadConfig({}).reports)).toMatchObject({ sandbox: true });
    expect(createReportProvider(loadConfig({ REPORTS_API_KEY: 'token' }).reports)).toMatchObject({
      sandbox: false,
      name: 'api-cloud.ru',
    });
  });

  it('reads the worker settings, with defaults', () => {
    expect(loadConfig({}).reports).toEqual({
      apiUrl: undefined,
      apiKey: undefined,
      pollIntervalSeconds: 5,
      timeoutSeconds: 60,
      sandboxDelaySeconds: 0,
    });
    expect(
      loadConfig({ REPORTS_POLL_INTERVAL: '2', REPORTS_TIMEOUT: '15', REPORTS_SANDBOX_DELAY: '3' }).reports,
    ).toMatchObject({
      pollIntervalSeconds: 2,
      timeoutSeconds: 15,
      sandboxDelaySeconds: 3,
    });
  });

  it('stops the start with one line per bad setting', () => {
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message.split('\n');
      }
      throw new Error('the settings were accepted');
    };
    const lines = failure({
      REPORTS_TIMEOUT: '0',
      REPORTS_POLL_INTERVAL: 'часто',
      REPORTS_API_KEY: 'secret-token',
      REPORTS_API_URL: 'api-cloud.ru',
      REPORTS_SANDBOX_DELAY: '-1',
    });
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.startsWith('Неверная настройка REPORTS_SANDBOX_DELAY=-1:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Неверная настройка REPORTS_TIMEOUT=0:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Неверная настройка REPORTS_POLL_INTERVAL=часто:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Неверная настройка REPORTS_API_URL=api-cloud.ru:'))).toBe(true);
  });
});
