// The only file that imports the Telegram SDK (STYLE.md habit 6): an SDK rename is one diff.
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  isTMA,
  mainButton,
  miniApp,
  mockTelegramEnv,
  openLink,
  openTelegramLink,
  parseLaunchParamsQuery,
  requestWriteAccess,
  retrieveRawLaunchParams,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { storedText, type Platform } from '@autoradar/ui';

const START_PARAM = 'tgWebAppStartParam';

export interface TmaLaunch {
  /** The launch query exactly as Telegram sent it: initData is verified from this string, never a parsed object. */
  rawLaunchParams: string;
  initDataRaw: string | undefined;
  /** The deep link of this launch; undefined on a reload that kept the launch params from storage. */
  startParam: string | undefined;
}

export type TmaBoot =
  | { kind: 'telegram'; platform: Platform; launch: TmaLaunch }
  /** A production build opened in a plain browser: the app explains where it lives instead of half-working. */
  | { kind: 'outside' };

/** This launch's params, kept for a reload within the tab (the address loses them once the app navigates). */
const keptLaunchParams = storedText('autoradar:tma-launch-params', 'session');

const hasLaunchData = (query: URLSearchParams) => query.has('tgWebAppData') || query.has('tgWebAppVersion');

/**
 * Telegram may put tgWebAppStartParam both in the query and in the hash. The SDK reads the whole address as one
 * query, sees the key twice and rejects the launch (issue 13). Keep one copy, in the hash with the other launch
 * params, before the SDK reads the address.
 */
export function normalizeLaunchAddress(): void {
  const search = new URLSearchParams(window.location.search);
  const fromQuery = search.get(START_PARAM);
  if (fromQuery === null) return;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  if (!hasLaunchData(hash)) return; // the launch params live in the query alone: nothing is duplicated
  if (!hash.has(START_PARAM)) hash.set(START_PARAM, fromQuery);
  search.delete(START_PARAM);
  const query = search.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${query ? `?${query}` : ''}#${hash.toString()}`,
  );
}

/** The launch params in the current address, if Telegram put them there (a fresh launch or a reload of it). */
function launchParamsInAddress(): string | undefined {
  try {
    const raw = retrieveRawLaunchParams();
    // The SDK falls back to its own storage; only an address that carries them counts as a launch.
    const here = `${window.location.search}${window.location.hash}`;
    return here.includes('tgWebAppData') || here.includes('tgWebAppVersion') ? raw : undefined;
  } catch {
    return undefined;
  }
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
  // The app's backdrop is telegram-ui's secondary background; Telegram's header, overscroll and the bar behind the
  // main button follow the theme's key, so they change with the theme.
  miniApp.setHeaderColor.ifAvailable('secondary_bg_color');
  miniApp.setBackgroundColor.ifAvailable('secondary_bg_color');
  miniApp.setBottomBarColor.ifAvailable('secondary_bg_color');
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        // --tg-viewport-safe-area-inset-* and --tg-viewport-content-safe-area-inset-*, read by the layout.
        if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((error: unknown) => console.warn('[tma] viewport mount failed', error));
  }
}

function openInBrowser(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Launch params without a Telegram client to talk to: the same screens and sign-in, no native controls. */
function createBareLaunchPlatform(launch: TmaLaunch): Platform {
  return {
    kind: 'miniapp',
    openLink: openInBrowser,
    ...(launch.initDataRaw ? { initData: launch.initDataRaw } : {}),
    ...(launch.startParam ? { startParam: launch.startParam } : {}),
  };
}

function createTelegramPlatform(launch: TmaLaunch, tgPlatform: string | null): Platform {
  let readySent = false;
  return {
    kind: 'miniapp',
    ...(launch.initDataRaw ? { initData: launch.initDataRaw } : {}),
    ...(launch.startParam ? { startParam: launch.startParam } : {}),
    look: tgPlatform === 'ios' || tgPlatform === 'macos' ? 'ios' : 'base',
    // t.me links (a listing's channel post, a chat) open inside Telegram; others in its in-app browser.
    openLink: (url) => {
      const [opened] = /^https:\/\/t\.me\//.test(url) ? openTelegramLink.ifAvailable(url) : openLink.ifAvailable(url);
      if (!opened) openInBrowser(url);
    },
    openTelegramLink: (url) => {
      const [opened] = openTelegramLink.ifAvailable(url);
      if (!opened) openInBrowser(url);
    },
    hapticImpact: (style = 'light') => {
      hapticFeedback.impactOccurred.ifAvailable(style);
    },
    hapticNotification: (type) => {
      hapticFeedback.notificationOccurred.ifAvailable(type);
    },
    ready: () => {
      if (readySent) return;
      readySent = true;
      miniApp.ready.ifAvailable();
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
    mainButton: mainButton.isMounted()
      ? {
          set: (state) => {
            mainButton.setParams.ifAvailable(state);
          },
          onClick: (cb) => {
            const [bound, off] = mainButton.onClick.ifAvailable(cb);
            return bound ? off : () => {};
          },
        }
      : undefined,
    setEditing: (editing) => {
      if (editing) {
        closingBehavior.enableConfirmation.ifAvailable();
        swipeBehavior.disableVertical.ifAvailable();
      } else {
        closingBehavior.disableConfirmation.ifAvailable();
        swipeBehavior.enableVertical.ifAvailable();
      }
    },
    ...(requestWriteAccess.isAvailable()
      ? {
          requestWriteAccess: async () => {
            const [, answer] = requestWriteAccess.ifAvailable();
            return (await (answer ?? Promise.resolve('cancelled'))) === 'allowed' ? 'allowed' : 'cancelled';
          },
        }
      : {}),
    share: (url, text) => {
      const [shared] = shareURL.ifAvailable(url, text);
      if (!shared) openInBrowser(`https://t.me/share/url?${new URLSearchParams({ url, text }).toString()}`);
    },
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
  normalizeLaunchAddress();
  if (import.meta.env.DEV && !launchParamsInAddress() && !keptLaunchParams.read()) {
    await mockDevelopmentEnvironment().catch((error: unknown) => console.warn('[tma] development mock failed', error));
  }
  // Launch params come in the URL hash, which a reload after client-side navigation loses (DESIGN.md §9).
  const fresh = launchParamsInAddress() ?? (import.meta.env.DEV ? safeRetrieve() : undefined);
  if (fresh) keptLaunchParams.write(fresh);
  const rawLaunchParams = fresh ?? keptLaunchParams.read();
  if (!rawLaunchParams) return { kind: 'outside' };

  const query = new URLSearchParams(rawLaunchParams);
  const initDataRaw = query.get('tgWebAppData') ?? undefined;
  const startParam = fresh
    ? query.get(START_PARAM) || (new URLSearchParams(initDataRaw ?? '').get('start_param') ?? undefined)
    : undefined;
  const launch: TmaLaunch = { rawLaunchParams, initDataRaw, startParam: startParam || undefined };

  try {
    if (!isTMA()) throw new Error('the SDK does not see a Telegram environment');
    init({ launchParams: parseLaunchParamsQuery(rawLaunchParams) });
    mountComponents();
  } catch (error) {
    // Launch params without a Telegram client to talk to (a link opened in a browser): no native controls, but the
    // initData still signs in; the server decides whether it is genuine.
    console.warn('[tma] Telegram SDK failed to start; continuing without native controls', error);
    return { kind: 'telegram', platform: createBareLaunchPlatform(launch), launch };
  }
  return { kind: 'telegram', platform: createTelegramPlatform(launch, query.get('tgWebAppPlatform')), launch };
}

function safeRetrieve(): string | undefined {
  try {
    return retrieveRawLaunchParams();
  } catch {
    return undefined;
  }
}
