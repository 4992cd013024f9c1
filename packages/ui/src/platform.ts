import { createContext, useContext } from 'react';

export type Appearance = 'light' | 'dark';

/** What differs between the browser and the Telegram mini-app; each app implements it once and boots `App` with it. */
export interface Platform {
  readonly kind: 'web' | 'miniapp';
  /** Opens an external page (Telegram opens it in its in-app browser). */
  openLink(url: string): void;
  hapticImpact?(style?: 'light' | 'medium' | 'heavy'): void;
  /** Telegram's native back button; absent on the web, where the browser has its own. */
  readonly backButton?: {
    show(): void;
    hide(): void;
    /** Returns the function that removes the listener. */
    onClick(cb: () => void): () => void;
  };
  /** A colour scheme dictated by the host (the Telegram theme); without it the UI follows the system preference. */
  readonly appearance?: {
    get(): Appearance;
    subscribe(onChange: () => void): () => void;
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
