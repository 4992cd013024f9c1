// The only file that imports the Telegram SDK (STYLE.md habit 6): an SDK rename is one diff.
import {
  backButton,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  mockTelegramEnv,
  openLink,
  openTelegramLink,
  parseLaunchParamsQuery,
  retrieveRawLaunchParams,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import type { Platform } from '@autoradar/ui';

const LAUNCH_PARAMS_KEY = 'autoradar:tma-launch-params';
const START_PARAM_KEY = 'autoradar:tma-start-param';

export interface TmaLaunch {
  /** The launch query exactly as Telegram sent it: initData is verified from this string, never a parsed object. */
  rawLaunchParams: string;
  initDataRaw: string | undefined;
  startParam: string | undefined;
}

export interface TmaBoot {
  platform: Platform;
  /** Undefined outside Telegram. */
  launch: TmaLaunch | undefined;
}

function readKept(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function keep(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage can be disabled; the current page still has the value.
  }
}

/** Launch params come in the URL hash, which a reload after client-side navigation loses (DESIGN.md §9). */
function keepLaunchParams(): string | undefined {
  let raw: string | undefined;
  try {
    raw = retrieveRawLaunchParams();
  } catch {
    raw = undefined;
  }
  if (raw) keep(LAUNCH_PARAMS_KEY, raw);
  return raw ?? readKept(LAUNCH_PARAMS_KEY);
}

/** start_param (deep links such as post_<id>) may also arrive in the query as tgWebAppStartParam. */
function keepStartParam(rawLaunchParams: string | undefined): string | undefined {
  const fromQuery = new URLSearchParams(window.location.search).get('tgWebAppStartParam');
  const fromLaunch = rawLaunchParams ? new URLSearchParams(rawLaunchParams).get('tgWebAppStartParam') : null;
  const value = fromQuery || fromLaunch;
  if (value) keep(START_PARAM_KEY, value);
  return value || readKept(START_PARAM_KEY);
}

function openInBrowser(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** A plain browser (or the browser tests): the same screens, no native BackButton, system theme. */
function createBrowserPlatform(initData?: string): Platform {
  return { kind: 'miniapp', openLink: openInBrowser, ...(initData ? { initData } : {}) };
}

function hasLaunchParams(): boolean {
  try {
    if (retrieveRawLaunchParams()) return true;
  } catch {
    // none in the address, the navigation entry or the SDK's storage
  }
  return readKept(LAUNCH_PARAMS_KEY) !== undefined;
}

/**
 * Development in a plain browser (DESIGN §3): mock the Telegram environment with launch params signed by the
 * development bot token, so the real check/login flow runs. Vite removes this branch from production builds.
 */
async function mockDevelopmentEnvironment(): Promise<void> {
  const { createDevLaunchParams } = await import('./dev-launch-params');
  mockTelegramEnv({ launchParams: await createDevLaunchParams(), onEvent: () => {} });
  console.info('[tma] development: Telegram environment mocked with a development user');
}

function mountComponents(): void {
  miniApp.mountSync.ifAvailable(); // mounts themeParams too
  themeParams.mountSync.ifAvailable();
  if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable(); // --tg-theme-*, read by telegram-ui
  // The app's backdrop is telegram-ui's secondary background; let Telegram's header and overscroll match it.
  miniApp.setHeaderColor.ifAvailable('secondary_bg_color');
  miniApp.setBackgroundColor.ifAvailable('secondary_bg_color');
  backButton.mount.ifAvailable();
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((error: unknown) => console.warn('[tma] viewport mount failed', error));
  }
  miniApp.ready.ifAvailable();
}

function createTelegramPlatform(tgPlatform: string | null, initData: string | undefined): Platform {
  return {
    kind: 'miniapp',
    ...(initData ? { initData } : {}),
    look: tgPlatform === 'ios' || tgPlatform === 'macos' ? 'ios' : 'base',
    openLink: (url) => {
      const [opened] = /^https:\/\/t\.me\//.test(url) ? openTelegramLink.ifAvailable(url) : openLink.ifAvailable(url);
      if (!opened) openInBrowser(url);
    },
    hapticImpact: (style = 'light') => {
      hapticFeedback.impactOccurred.ifAvailable(style);
    },
    backButton: backButton.isMounted()
      ? {
          show: () => {
            backButton.show.ifAvailable();
          },
          hide: () => {
            backButton.hide.ifAvailable();
          },
          onClick: (cb) => {
            const [bound, off] = backButton.onClick.ifAvailable(cb);
            return bound ? off : () => {};
          },
        }
      : undefined,
    appearance: themeParams.isMounted()
      ? {
          get: () => (themeParams.isDark() ? 'dark' : 'light'),
          subscribe: (onChange) => themeParams.isDark.sub(onChange),
        }
      : undefined,
  };
}

/** Keeps the launch params, initialises the SDK inside Telegram and returns the Platform the app boots with. */
export async function bootTelegram(): Promise<TmaBoot> {
  if (import.meta.env.DEV && !hasLaunchParams()) {
    await mockDevelopmentEnvironment().catch((error: unknown) => console.warn('[tma] development mock failed', error));
  }
  const rawLaunchParams = keepLaunchParams();
  const startParam = keepStartParam(rawLaunchParams);

  if (!rawLaunchParams || !isTMA()) {
    console.info('[tma] Telegram environment not found: running as a plain web page without the native BackButton');
    return { platform: createBrowserPlatform(), launch: undefined };
  }

  const query = new URLSearchParams(rawLaunchParams);
  const initDataRaw = query.get('tgWebAppData') ?? undefined;
  try {
    init({ launchParams: parseLaunchParamsQuery(rawLaunchParams) });
    mountComponents();
  } catch (error) {
    // Launch params without a Telegram client to talk to (a link opened in a browser): no native controls, but the
    // initData still signs in; the server decides whether it is genuine.
    console.warn('[tma] Telegram SDK failed to start; continuing without native controls', error);
    return { platform: createBrowserPlatform(initDataRaw), launch: { rawLaunchParams, initDataRaw, startParam } };
  }

  return {
    platform: createTelegramPlatform(query.get('tgWebAppPlatform'), initDataRaw),
    launch: { rawLaunchParams, initDataRaw, startParam },
  };
}
