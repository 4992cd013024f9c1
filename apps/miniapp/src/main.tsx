import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@autoradar/ui';
import { bootTelegram } from './lib/tma';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { platform } = await bootTelegram();

createRoot(container).render(
  <StrictMode>
    <App platform={platform} basename="/tma" />
  </StrictMode>,
);
