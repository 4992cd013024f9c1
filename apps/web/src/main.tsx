// First: the browser's zod settings (no compiled parsers under the CSP), before any schema is used.
import '@autoradar/contract/browser-parsing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@autoradar/ui';
import { createWebPlatform } from './platform';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App platform={createWebPlatform()} basename="/" />
  </StrictMode>,
);
