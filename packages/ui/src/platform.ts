import { createContext, useContext } from 'react';

export type Appearance = 'light' | 'dark';

export type HapticImpactStyle = 'light' | 'medium' | 'heavy';
export type HapticNotificationType = 'success' | 'warning' | 'error';

/** Telegram's answer to a write-access request (`write_access_requested`). */
export type WriteAccessStatus = 'allowed' | 'cancelled';

/** The state of Telegram's main button (BottomButton) a screen asks for. */
export interface MainButtonState {
  text: string;
  isVisible: boolean;
  isEnabled: boolean;
  /** The progress state while the button's call runs. */
  isLoaderVisible: boolean;
}

/** What differs between the browser and the Telegram mini-app; each app implements it once and boots `App` with it. */
export interface Platform {
  readonly kind: 'web' | 'miniapp';
  /** Opens an external page (Telegram opens it in its in-app browser). */
  openLink(url: string): void;
  /** Opens a t.me link inside Telegram (a channel post, a chat); absent on the web, where openLink serves. */
  openTelegramLink?(url: string): void;
  hapticImpact?(style?: HapticImpactStyle): void;
  /** Notification feedback: a publish, a payment (success) or a failed call (error). */
  hapticNotification?(type: HapticNotificationType): void;
  /** Telegram's native back button; absent on the web, where the browser has its own. */
  readonly backButton?: {
    show(): void;
    hide(): void;
    /** Returns the function that removes the listener. */
    onClick(cb: () => void): () => void;
    /**
     * True once Telegram's button cannot be shown (its SDK failed to load or start): the app shows a back control
     * of its own in its place (BackButtonLayout). Properties, not methods, as `appearance`'s.
     */
    readonly unavailable?: { get: () => boolean; subscribe: (onChange: () => void) => () => void };
  };
  /** Telegram's main button under the web view; absent on the web, where screens show their own button. */
  readonly mainButton?: {
    set(state: MainButtonState): void;
    /** Returns the function that removes the listener. */
    onClick(cb: () => void): () => void;
  };
  /**
   * While a form holds unsaved input: Telegram asks before closing, and a vertical swipe does not close the app.
   * Absent on the web.
   */
  setEditing?(editing: boolean): void;
  /** Asks the user to let the bot write to them; absent outside Telegram (the web cannot ask). */
  requestWriteAccess?(): Promise<WriteAccessStatus>;
  /** Shares a link through Telegram's chat picker; absent on the web. */
  share?(url: string, text: string): void;
  /** Tells Telegram the first screen is on screen (`web_app_ready`); absent on the web. */
  ready?(): void;
  /** The deep-link value Telegram launched the mini-app with (`startapp`, `start_param`), on a fresh launch only. */
  readonly startParam?: string;
  /** A colour scheme dictated by the host (the Telegram theme); without it the UI follows the system preference. */
  readonly appearance?: {
    // Properties, not methods: React's useSyncExternalStore calls them unbound.
    get: () => Appearance;
    subscribe: (onChange: () => void) => () => void;
  };
  /** Telegram's raw initData query string when the mini-app was launched by Telegram (or the dev mock). */
  readonly initData?: string;
  /** telegram-ui's look: 'ios' on Apple Telegram clients, 'base' elsewhere. */
  readonly look?: 'base' | 'ios';
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformContext.Provider> (App provides one)');
  return platform;
}
