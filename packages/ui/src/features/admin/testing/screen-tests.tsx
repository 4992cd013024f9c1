import type { ReactNode } from 'react';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Partner } from '@autoradar/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { PlatformContext, type Platform } from '../../../platform';

// Component-test helpers of the admin screens: the API at the HTTP boundary (fetch), and a screen rendered at its
// route inside the kit's root, a fresh jotai store and a memory router. Every screen test file calls
// `setUpScreenTests()` once; the shared DOM set-up (packages/ui/src/testing/dom-setup.ts) lets the kit's ripples
// settle before the file ends.

/**
 * React's act() environment for Testing Library; after each test the rendered screen, fake timers, the fake fetch and
 * spies are undone (Vitest runs without globals, so Testing Library cannot register its own cleanup).
 */
export function setUpScreenTests(): void {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The partner whose prompts and orders the tests show (GET /api/partners/2). */
export const testPartner: Partner = {
  id: 2,
  title: 'Автокредит',
  url: 'https://a.example.ru',
  logo: null,
  description: null,
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface SeenRequest {
  method: string;
  path: string;
  request: Request;
}

/** Replaces fetch: every request is recorded and answered by `answer` (a 404 envelope when it returns nothing). */
export function fakeApi(answer: (seen: SeenRequest) => Response | undefined | Promise<Response | undefined>) {
  const requests: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const seen = { method: request.method, path: new URL(request.url, 'http://app.test').pathname, request };
    requests.push(seen);
    return (await answer(seen)) ?? json(404, { message: 'Не найдено' });
  });
  return requests;
}

const platform: Platform = { kind: 'web', openLink: () => {} };

/** Renders `element` at `path`, matched by the route pattern `route` (so useParams sees the ids). */
export function renderAt(element: ReactNode, path: string, route = path): RenderResult {
  const store = createStore();
  return render(
    <Provider store={store}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={element} />
              <Route path="*" element={<p>Другая страница</p>} />
            </Routes>
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
}
