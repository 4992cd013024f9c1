// The package entry the two apps boot from; screens and components are imported by path inside the package.
export { App, OutsideTelegramApp, type AppProps } from './app/app';
export { reportUncaughtErrors } from './app/client-errors';
export type { Appearance, Platform } from './platform';
export { storedText } from './store/stored-value';
export { startFeedPreload } from './features/search/feed-preload';
export { cancelFirstPaint } from './first-paint/remember';
export { afterFirstContent } from './store/first-content';
