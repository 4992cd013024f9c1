// The only file that imports the Telegram SDK (STYLE.md habit 6): an SDK rename is one diff. Loaded after the first
// screen's content (launch.ts, issue 32); the app starts from the launch params without it.
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
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
import type { Appearance, Platform } from '@autoradar/ui';

type Needed<K extends keyof Platform> = NonNullable<Platform[K]>;

/** What launch.ts asks of Telegram once the SDK runs. */
export interface TelegramControls {
  ready(): void;
  openLink(url: string): void;
  openTelegramLink(url: string): void;
  hapticImpact: Needed<'hapticImpact'>;
  hapticNotification: Needed<'hapticNotification'>;
  setBackButton(visible: boolean): void;
  onBackButton(cb: () => void): void;
  setMainButton: Needed<'mainButton'>['set'];
  onMainButton(cb: () => void): void;
  setEditing(editing: boolean): void;
  requestWriteAccess: Needed<'requestWriteAccess'>;
  share: Needed<'share'>;
  /** The theme's light or dark, once the SDK knows it. */
  appearance(): Appearance | undefined;
  onAppearance(cb: () => void): void;
}

/** Development in a plain browser (DESIGN §3): the Telegram environment mocked with these launch params. */
export function mockTelegramEnvironment(launchParams: string): void {
  mockTelegramEnv({ launchParams, onEvent: () => {} });
}

/** The launch params the development mock keeps (the SDK's storage), if any. */
export function mockedLaunchParams(): string | undefined {
  try {
    return retrieveRawLaunchParams();
  } catch {
    return undefined;
  }
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

/**
 * Every SDK function checks that it runs in Telegram by reading the launch params again: from the address, the
 * navigation entry, then its own session storage (`tapps/launchParams`, @telegram-apps/toolkit). Started at once, it
 * found them in the address and kept them there; started after the first screen, the router has changed the address
 * (and a reload of /tma/notes never had them), so they are put where it keeps them, as its own first read would.
 */
function handLaunchParamsToSdk(rawLaunchParams: string): void {
  try {
    retrieveRawLaunchParams();
  } catch {
    sessionStorage.setItem('tapps/launchParams', JSON.stringify(rawLaunchParams));
  }
}

/** Initialises the SDK with this launch's params, mounts Telegram's components and returns the controls. */
export function startTelegramSdk(rawLaunchParams: string): TelegramControls {
  handLaunchParamsToSdk(rawLaunchParams);
  init({ launchParams: parseLaunchParamsQuery(rawLaunchParams) });
  mountComponents();
  return {
    ready: () => {
      miniApp.ready.ifAvailable();
    },
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
    setBackButton: (visible) => {
      if (visible) backButton.show.ifAvailable();
      else backButton.hide.ifAvailable();
    },
    onBackButton: (cb) => {
      backButton.onClick.ifAvailable(cb);
    },
    setMainButton: (state) => {
      mainButton.setParams.ifAvailable(state);
    },
    onMainButton: (cb) => {
      mainButton.onClick.ifAvailable(cb);
    },
    setEditing: (editing) => {
      if (editing) {
        closingBehavior.enableConfirmation.ifAvailable();
        swipeBehavior.disableVertical.ifAvailable();
      } else {
        closingBehavior.disableConfirmation.ifAvailable();
        swipeBehavior.enableVertical.ifAvailable();
      }
    },
    requestWriteAccess: async () => {
      const [, answer] = requestWriteAccess.ifAvailable();
      return (await (answer ?? Promise.resolve('cancelled'))) === 'allowed' ? 'allowed' : 'cancelled';
    },
    share: (url, text) => {
      const [shared] = shareURL.ifAvailable(url, text);
      if (!shared) openInBrowser(`https://t.me/share/url?${new URLSearchParams({ url, text }).toString()}`);
    },
    appearance: () => (themeParams.isMounted() ? (themeParams.isDark() ? 'dark' : 'light') : undefined),
    onAppearance: (cb) => {
      themeParams.isDark.sub(cb);
    },
  };
}
