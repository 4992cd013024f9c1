// The app (issue 32: main.tsx runs it once the first paint is on the page).
// First: the browser's zod settings (no compiled parsers under the CSP), before any schema is used.
import '@autoradar/contract/browser-parsing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, reportUncaughtErrors, startFeedPreload } from '@autoradar/ui';
import { createWebPlatform } from './platform';

// The feed's first page is asked for now, before the search screen's code loads (issue 32); `/` sends a signed-in
// user to the feed. The first render waits for the feed screen's code when a stored token opens the feed.
const firstScreen = startFeedPreload({ firstScreenIsFeed: ['/', '/search'].includes(window.location.pathname) });

// Errors no screen catches (a handler, a timer, a promise nobody awaited) go to POST /api/client-errors (issue 31).
reportUncaughtErrors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
void firstScreen.then(() => {
  root.render(
    <StrictMode>
      <App platform={createWebPlatform()} basename="/" />
    </StrictMode>,
  );
});
