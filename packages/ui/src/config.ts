import { DEFAULT_APP_NAME, DEFAULT_MINIAPP_SHORT_NAME } from '@autoradar/core';

/** Settings the server injects into index.html as `window.__APP_CONFIG__` (DESIGN.md §7: APP_NAME). */
export interface AppConfig {
  appName?: string;
  /** The Telegram bot behind the web Login Widget; without it the web login page offers no Telegram sign-in. */
  botUsername?: string;
  /** The mini-app's short name in the bot's t.me links (MINIAPP_SHORT_NAME); told beside botUsername. */
  miniappShortName?: string;
  /** Present (true) only when Yandex ID sign-in works on the server; otherwise the login page hides its button. */
  yandexEnabled?: boolean;
  /** The Pusher-protocol application key (REVERB_APP_KEY), when the server tells it. */
  realtimeKey?: string;
  /** The websocket port (REVERB_PORT), when the server tells it; else spec §7's 8080, or 443 on https pages. */
  realtimePort?: number;
  /** The operator named in the privacy policy and on the contacts page (OPERATOR_NAME). */
  operatorName?: string;
  /** The support account in Telegram, without '@' (SUPPORT_TELEGRAM); absent hides the link. */
  supportTelegram?: string;
  /** The support mailbox (SUPPORT_EMAIL); absent hides it. */
  supportEmail?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: AppConfig;
  }
}

function readConfig(): AppConfig {
  return (typeof window === 'undefined' ? undefined : window.__APP_CONFIG__) ?? {};
}

export function readAppName(): string {
  return readConfig().appName?.trim() || DEFAULT_APP_NAME;
}

export function readBotUsername(): string | undefined {
  return readConfig().botUsername?.trim() || undefined;
}

/** The short name of `https://t.me/<bot>/<short name>?startapp=...` links; the server's default when not told. */
export function readMiniappShortName(): string {
  return readConfig().miniappShortName?.trim() || DEFAULT_MINIAPP_SHORT_NAME;
}

export function readYandexEnabled(): boolean {
  return readConfig().yandexEnabled === true;
}

/** The API's default REVERB_APP_KEY (README), used when the server does not inject its key. */
export const DEFAULT_REALTIME_KEY = 'autoradar-key';

export function readRealtimeKey(): string {
  return readConfig().realtimeKey?.trim() || DEFAULT_REALTIME_KEY;
}

export function readRealtimePort(): number | undefined {
  const port = readConfig().realtimePort;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined;
}

function readInjected(key: 'operatorName' | 'supportTelegram' | 'supportEmail'): string | undefined {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.[key]?.trim();
  return injected || undefined;
}

/** The operator of the personal data (152-FZ); the product's name when not configured. */
export function readOperatorName(): string {
  return readInjected('operatorName') ?? readAppName();
}

export function readSupportTelegram(): string | undefined {
  return readInjected('supportTelegram')?.replace(/^@/, '');
}

export function readSupportEmail(): string | undefined {
  return readInjected('supportEmail');
}
