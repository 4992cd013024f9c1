import { useState, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import '@telegram-apps/telegram-ui/dist/styles.css';
import { PlatformContext, type Appearance, type Platform } from '../platform';
import { readStoredToken } from '../api/token-storage';
import { openDeepLink, openFeedAtRoot } from './deep-link';
import { OutsideTelegramScreen } from './outside-telegram';
import { AppRoutes } from './routes';
import './app.css';

export interface AppProps {
  platform: Platform;
  /** The router's basename: '/' for the web app, '/tma' for the mini-app. */
  basename: string;
}

const noSubscription = () => () => {};
const noAppearance = () => undefined;

export function App({ platform, basename }: AppProps) {
  // Once, before the router reads the address: a mini-app launched with a deep link starts on its page, a signed-in
  // user at the root on the feed.
  useState(() => {
    openDeepLink(platform.startParam, basename);
    openFeedAtRoot(readStoredToken() !== undefined, basename);
  });
  // Undefined lets AppRoot follow the system light/dark preference itself.
  const appearance: Appearance | undefined = useSyncExternalStore(
    platform.appearance?.subscribe ?? noSubscription,
    platform.appearance?.get ?? noAppearance,
    noAppearance,
  );

  return (
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance={appearance} platform={platform.look} className="app-root">
        <BrowserRouter basename={basename}>
          <AppRoutes />
        </BrowserRouter>
      </AppRoot>
    </PlatformContext.Provider>
  );
}

/** The mini-app's build opened outside Telegram: one page that links to the bot (system light or dark). */
export function OutsideTelegramApp() {
  return (
    <AppRoot className="app-root">
      <OutsideTelegramScreen />
    </AppRoot>
  );
}
