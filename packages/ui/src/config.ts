/** Settings the server injects into index.html as `window.__APP_CONFIG__` (DESIGN.md §7: APP_NAME). */
export interface AppConfig {
  appName?: string;
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
