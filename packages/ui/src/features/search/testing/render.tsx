import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { PATHS } from '../../../paths';
import { PlatformContext, type Platform } from '../../../platform';

const platform: Platform = { kind: 'web', openLink: () => {} };

/** Renders inside what the app provides: the platform, telegram-ui's root (Modal's portal) and a router. */
export function renderInApp(ui: ReactNode, path: string = PATHS.search): RenderResult {
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
