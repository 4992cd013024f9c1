import { storedText, type Appearance, type Platform } from '@autoradar/ui';
import type { TelegramControls } from './tma';

// The mini-app's start without the Telegram SDK (issue 32). The SDK (@telegram-apps/sdk-react with valibot, its
// transformers and bridge: ~16 kB brotli) was a fifth of the first route's JavaScript, and the first screen needs
// none of it: the launch params are a query string, the theme a JSON object in it. The app renders from them at
// once; the SDK loads after the first screen's content (store/first-content.ts: the feed's first cards, or a
// sign-in screen waiting for the user) and then takes over Telegram's controls. What the app asks of Telegram
// before that is kept and done when the SDK is there: the last back and main button states, the listeners,
// `ready`, a link to open. Events Telegram sends meanwhile are kept and handed to the SDK when it listens.

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
 * params, before anything reads the address.
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

/** The launch params in the current address (the hash, as Telegram puts them, or the query), if any. */
export function launchParamsInAddress(): string | undefined {
  const hash = window.location.hash.slice(1);
  if (hasLaunchData(new URLSearchParams(hash))) return hash;
  const query = window.location.search.slice(1);
  return hasLaunchData(new URLSearchParams(query)) ? query : undefined;
}

/** Whether a Telegram client is there to talk to: the bridge's own transports (native web view, or Telegram Web). */
function telegramClientPresent(): boolean {
  const w = window as unknown as { TelegramWebviewProxy?: unknown; external?: { notify?: unknown } };
  let framed: boolean;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true; // a cross-origin parent: Telegram Web
  }
  return framed || w.TelegramWebviewProxy !== undefined || typeof w.external?.notify === 'function';
}

/** Bot API version `at` or later (the launch's tgWebAppVersion, "7.10" style). */
function versionAtLeast(version: string | null, at: [number, number]): boolean {
  const [major = 0, minor = 0] = (version ?? '0').split('.').map(Number);
  return major > at[0] || (major === at[0] && minor >= at[1]);
}

/** The SDK's rule for a dark theme: the background's perceived brightness (HSP) under 120. */
export function isColorDark(color: string): boolean {
  const hex = /^#([0-9a-f]{3})$/i.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return false;
  const brightness = [0.299, 0.587, 0.114].reduce((sum, weight, i) => {
    const channel = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return sum + channel * channel * weight;
  }, 0);
  return Math.sqrt(brightness) < 120;
}

/**
 * The launch theme as CSS variables (`--tg-theme-bg-color`, what telegram-ui and the app read), the names the SDK's
 * `themeParams.bindCssVars` gives them; the SDK binds them again, and keeps them current, once it runs.
 */
function bindLaunchTheme(query: URLSearchParams): Appearance {
  let theme: Record<string, unknown>;
  try {
    theme = JSON.parse(query.get('tgWebAppThemeParams') ?? '{}') as Record<string, unknown>;
  } catch {
    return 'light';
  }
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string') {
      document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
    }
  }
  const bg = theme['bg_color'];
  return typeof bg === 'string' && isColorDark(bg) ? 'dark' : 'light';
}

/**
 * Events Telegram sends before the SDK listens (a theme change, a button press) are kept here; the SDK's bridge wraps
 * this function (it calls both), so once the SDK runs, the kept ones are handed to it and new ones go to it alone.
 */
function keepEarlyEvents(): (replay: boolean) => void {
  const kept: [string, unknown][] = [];
  let listening = true;
  const w = window as unknown as { Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } } };
  w.Telegram ??= {};
  w.Telegram.WebView ??= {};
  if (w.Telegram.WebView.receiveEvent) return () => undefined;
  w.Telegram.WebView.receiveEvent = (type, data) => {
    if (listening) kept.push([type, data]);
  };
  return (replay) => {
    listening = false;
    if (replay) for (const [type, data] of kept) w.Telegram?.WebView?.receiveEvent?.(type, data);
    kept.length = 0;
  };
}

function openInBrowser(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The platform of a Telegram launch, at once; `loadSdk` brings the SDK's controls when the first screen is up.
 * Without a Telegram client (launch params opened in a browser) there are no native controls and no SDK: the same
 * screens and sign-in.
 */
function createTelegramPlatform(
  launch: TmaLaunch,
  query: URLSearchParams,
  afterFirstContent: () => Promise<void>,
): Platform {
  const base = {
    kind: 'miniapp' as const,
    ...(launch.initDataRaw ? { initData: launch.initDataRaw } : {}),
    ...(launch.startParam ? { startParam: launch.startParam } : {}),
  };
  const appearance = bindLaunchTheme(query);
  if (!telegramClientPresent()) {
    return { ...base, openLink: openInBrowser, appearance: { get: () => appearance, subscribe: () => () => {} } };
  }

  const replayEvents = keepEarlyEvents();
  let controls: TelegramControls | undefined;
  let sdkFailed = false;
  const sdkFailedListeners = new Set<() => void>();
  const sdk = afterFirstContent()
    .then(() => import('./tma'))
    .then(({ startTelegramSdk }) => startTelegramSdk(launch.rawLaunchParams))
    .then(
      (started) => {
        controls = started;
        apply(started);
        replayEvents(true);
        return started;
      },
      (error: unknown) => {
        // No native controls then; the screens work without them (the app shows its own back control), and the
        // server still checks the initData.
        console.warn('[tma] Telegram SDK failed to start; continuing without native controls', error);
        replayEvents(false);
        sdkFailed = true;
        sdkFailedListeners.forEach((listener) => listener());
        return undefined;
      },
    );
  /** Now if the SDK runs, else once it does (a call the user is waiting for, never dropped). */
  const withSdk = (run: (c: TelegramControls) => void) => {
    if (controls) run(controls);
    else void sdk.then((c) => c && run(c));
  };

  // What the screens asked for before the SDK ran: the last state of each button, their listeners, `ready`.
  let readyAsked = false;
  let backVisible: boolean | undefined;
  let mainState: Parameters<NonNullable<Platform['mainButton']>['set']>[0] | undefined;
  let editing: boolean | undefined;
  const backListeners = new Set<() => void>();
  const mainListeners = new Set<() => void>();
  let currentAppearance = appearance;
  const appearanceListeners = new Set<() => void>();
  const apply = (c: TelegramControls) => {
    if (readyAsked) c.ready();
    if (backVisible !== undefined) c.setBackButton(backVisible);
    if (mainState) c.setMainButton(mainState);
    if (editing !== undefined) c.setEditing(editing);
    c.onBackButton(() => backListeners.forEach((listener) => listener()));
    c.onMainButton(() => mainListeners.forEach((listener) => listener()));
    const follow = () => {
      const next = c.appearance();
      if (!next || next === currentAppearance) return;
      currentAppearance = next;
      appearanceListeners.forEach((listener) => listener());
    };
    c.onAppearance(follow);
    follow();
  };

  const platformName = query.get('tgWebAppPlatform');
  const version = query.get('tgWebAppVersion');
  return {
    ...base,
    look: platformName === 'ios' || platformName === 'macos' ? 'ios' : 'base',
    // t.me links (a listing's channel post, a chat) open inside Telegram; others in its in-app browser.
    openLink: (url) => withSdk((c) => c.openLink(url)),
    openTelegramLink: (url) => withSdk((c) => c.openTelegramLink(url)),
    // A touch's feedback is of the moment: none before the SDK runs.
    hapticImpact: (style = 'light') => controls?.hapticImpact(style),
    hapticNotification: (type) => controls?.hapticNotification(type),
    ready: () => {
      if (readyAsked) return;
      readyAsked = true;
      controls?.ready();
    },
    // Telegram's back button since Bot API 6.1, its main button since 6.0.
    backButton: versionAtLeast(version, [6, 1])
      ? {
          show: () => {
            backVisible = true;
            controls?.setBackButton(true);
          },
          hide: () => {
            backVisible = false;
            controls?.setBackButton(false);
          },
          onClick: (cb) => {
            backListeners.add(cb);
            return () => backListeners.delete(cb);
          },
          unavailable: {
            get: () => sdkFailed,
            subscribe: (onChange) => {
              sdkFailedListeners.add(onChange);
              return () => sdkFailedListeners.delete(onChange);
            },
          },
        }
      : undefined,
    mainButton: {
      set: (state) => {
        mainState = state;
        controls?.setMainButton(state);
      },
      onClick: (cb) => {
        mainListeners.add(cb);
        return () => mainListeners.delete(cb);
      },
    },
    setEditing: (value) => {
      editing = value;
      controls?.setEditing(value);
    },
    // Since Bot API 6.9.
    ...(versionAtLeast(version, [6, 9])
      ? {
          requestWriteAccess: async () => {
            const c = await sdk;
            return c ? c.requestWriteAccess() : 'cancelled';
          },
        }
      : {}),
    share: (url, text) => withSdk((c) => c.share(url, text)),
    appearance: {
      get: () => currentAppearance,
      subscribe: (onChange) => {
        appearanceListeners.add(onChange);
        return () => appearanceListeners.delete(onChange);
      },
    },
  };
}

/**
 * Development in a plain browser (DESIGN §3): mock the Telegram environment with launch params signed by the
 * development bot token, so the real check/login flow runs. Called only under `import.meta.env.DEV`, so Vite leaves
 * it and the development token out of production builds.
 */
async function mockDevelopmentEnvironment(): Promise<void> {
  const [{ createDevLaunchParams }, { mockTelegramEnvironment }] = await Promise.all([
    import('./dev-launch-params'),
    import('./tma'),
  ]);
  mockTelegramEnvironment(await createDevLaunchParams());
  console.info('[tma] development: Telegram environment mocked with a development user');
}

/** Keeps the launch params and returns the Platform the app boots with; the SDK follows the first screen. */
export async function bootTelegram(afterFirstContent: () => Promise<void>): Promise<TmaBoot> {
  normalizeLaunchAddress();
  if (import.meta.env.DEV && !launchParamsInAddress() && !keptLaunchParams.read()) {
    // Development in a plain browser (DESIGN §3): the SDK mocks Telegram with launch params signed by the
    // development bot token, so the real check/login flow runs. Vite removes this branch from production builds.
    await mockDevelopmentEnvironment().catch((error: unknown) => console.warn('[tma] development mock failed', error));
  }
  // Launch params come in the URL hash, which a reload after client-side navigation loses (DESIGN.md §9).
  const fresh =
    launchParamsInAddress() ??
    (import.meta.env.DEV ? await import('./tma').then(({ mockedLaunchParams }) => mockedLaunchParams()) : undefined);
  if (fresh) keptLaunchParams.write(fresh);
  const rawLaunchParams = fresh ?? keptLaunchParams.read();
  if (!rawLaunchParams) return { kind: 'outside' };

  const query = new URLSearchParams(rawLaunchParams);
  const initDataRaw = query.get('tgWebAppData') ?? undefined;
  const startParam = fresh
    ? query.get(START_PARAM) || (new URLSearchParams(initDataRaw ?? '').get('start_param') ?? undefined)
    : undefined;
  const launch: TmaLaunch = { rawLaunchParams, initDataRaw, startParam: startParam || undefined };
  return { kind: 'telegram', platform: createTelegramPlatform(launch, query, afterFirstContent), launch };
}
