// The app (issue 32: main.tsx runs it once the first paint is on the page).
// First: the browser's zod settings (no compiled parsers under the CSP), before any schema is used.
import '@autoradar/contract/browser-parsing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  afterFirstContent,
  App,
  cancelFirstPaint,
  OutsideTelegramApp,
  reportUncaughtErrors,
  startFeedPreload,
} from '@autoradar/ui';
import { bootTelegram } from './lib/launch';

// The feed's first page is asked for now for a returning user, before the search screen's code loads, and for a new
// device the moment sign-in stores its token, during the 2 s «Вы вошли» screen (issue 32). A launch with a start
// parameter opens something else first.
const launchedToFeed =
  ['/tma/', '/tma/search'].includes(window.location.pathname) &&
  !/[#&]tgWebAppStartParam=/.test(window.location.hash) &&
  !new URLSearchParams(window.location.search).has('startapp');
// The first render waits for the feed screen's code when a stored token opens the feed (feed-preload.ts).
const firstScreen = startFeedPreload({ firstScreenIsFeed: launchedToFeed, onSignIn: launchedToFeed });

// Errors no screen catches (a handler, a timer, a promise nobody awaited) go to POST /api/client-errors (issue 31).
reportUncaughtErrors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// A promise, not a top-level await: Rollup keeps an entry with top-level await apart from the chunks that import
// from it, which split the shared code into dozens of small files (issue 13's first-route budget).
// The Telegram SDK loads after the first screen's content (lib/launch.ts).
void Promise.all([bootTelegram(afterFirstContent), firstScreen]).then(([boot]) => {
  // Outside Telegram there is no feed: cards painted from the early answer (issue 32) must not stay over the page.
  if (boot.kind !== 'telegram') cancelFirstPaint();
  root.render(
    <StrictMode>
      {boot.kind === 'telegram' ? <App platform={boot.platform} basename="/tma" /> : <OutsideTelegramApp />}
    </StrictMode>,
  );
});
