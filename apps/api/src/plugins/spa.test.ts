import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadShell } from './spa';

const dist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoradar-shell-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  return dir;
};

const appConfigOf = (html: string | undefined) =>
  JSON.parse(/window\.__APP_CONFIG__=(\{.*?\})<\/script>/.exec(html ?? '')?.[1] ?? 'null') as Record<string, unknown>;

describe('the app shell', () => {
  it('tells the client that Yandex ID sign-in is available only when it is', () => {
    const dir = dist();
    expect(appConfigOf(loadShell(dir, { appName: 'АвтоРадар', yandexEnabled: true }))).toEqual({
      appName: 'АвтоРадар',
      yandexEnabled: true,
    });
    expect(appConfigOf(loadShell(dir, { appName: 'АвтоРадар', yandexEnabled: false }))).toEqual({
      appName: 'АвтоРадар',
    });
    expect(appConfigOf(loadShell(dir, { appName: 'АвтоРадар', botUsername: 'autoradar_bot' }))).toEqual({
      appName: 'АвтоРадар',
      botUsername: 'autoradar_bot',
    });
  });

  it("tells the client the mini-app's short name for t.me links, only beside the bot it belongs to", () => {
    const dir = dist();
    expect(
      appConfigOf(loadShell(dir, { appName: 'АвтоРадар', botUsername: 'autoradar_bot', miniappShortName: 'radar' })),
    ).toEqual({ appName: 'АвтоРадар', botUsername: 'autoradar_bot', miniappShortName: 'radar' });
    expect(appConfigOf(loadShell(dir, { appName: 'АвтоРадар', miniappShortName: 'radar' }))).toEqual({
      appName: 'АвтоРадар',
    });
  });

  it("tells the client the operator, the support contacts and the websocket's key and port", () => {
    const html = loadShell(dist(), {
      appName: 'АвтоРадар',
      operator: { name: 'ИП Иванов', supportTelegram: 'autoradar_help', supportEmail: undefined },
      realtime: { key: 'prod-key', port: 6001 },
    });
    expect(appConfigOf(html)).toEqual({
      appName: 'АвтоРадар',
      operatorName: 'ИП Иванов',
      supportTelegram: 'autoradar_help',
      realtimeKey: 'prod-key',
      realtimePort: 6001,
    });
  });
});
