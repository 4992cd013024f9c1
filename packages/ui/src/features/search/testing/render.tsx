import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { PlatformContext, type Platform } from '../../../platform';

const platform: Platform = { kind: 'web', openLink: () => {} };

/** Renders inside what the app provides: the platform, telegram-ui's root (Modal's portal) and a router. */
export function renderInApp(ui: ReactNode, path = '/search') {
  const wrap = (node: ReactNode) => (
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)) };
}

/**
 * telegram-ui's ripple sets its state 70 ms after a press and clears it 225 ms later, even once the button is
 * unmounted: a file's last press must have run its course before Vitest tears the DOM environment (and `window`) down, or React throws from a timer.
 * Use as `afterAll(letRipplesFinish)`.
 */
export function letRipplesFinish(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 400));
}
