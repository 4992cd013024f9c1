// First: the browser's zod settings (no compiled parsers under the CSP), before any schema is used.
import '@autoradar/contract/browser-parsing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, OutsideTelegramApp } from '@autoradar/ui';
import { bootTelegram } from './lib/tma';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// A promise, not a top-level await: Rollup keeps an entry with top-level await apart from the chunks that import
// from it, which split the shared code into dozens of small files (issue 13's first-route budget).
void bootTelegram().then((boot) => {
  root.render(
    <StrictMode>
      {boot.kind === 'telegram' ? <App platform={boot.platform} basename="/tma" /> : <OutsideTelegramApp />}
    </StrictMode>,
  );
});
