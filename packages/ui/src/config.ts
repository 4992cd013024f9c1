/** Settings the server injects into index.html as `window.__APP_CONFIG__` (DESIGN.md §7: APP_NAME). */
export interface AppConfig {
  appName?: string;
  /** The Telegram bot behind the web Login Widget; without it the web login page offers no Telegram sign-in. */
  botUsername?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: AppConfig;
  }
}

export const DEFAULT_APP_NAME = 'АвтоРадар';

export function readAppName(): string {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.appName?.trim();
  return injected || DEFAULT_APP_NAME;
}

export function readBotUsername(): string | undefined {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__?.botUsername?.trim();
  return injected || undefined;
}
