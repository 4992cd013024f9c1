import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { vi } from 'vitest';
import { PlatformContext, type Platform } from '../../platform';

// Component-test helpers of the admin screens: the API at the HTTP boundary (fetch), and a screen rendered at its
// route inside the kit's root, a fresh jotai store and a memory router.

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
export function renderAt(element: ReactNode, path: string, route = path) {
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

/**
 * telegram-ui's ripple sets its state 70 ms after a press, even once the screen is unmounted: a test file waits for
 * the last one (`afterAll(letRipplesSettle)`) before the environment and its window go away.
 */
export const letRipplesSettle = () => new Promise<void>((resolve) => setTimeout(resolve, 150));
