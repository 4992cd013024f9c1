// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientErrorReport, isChunkLoadError, reloadOnceForChunk } from './client-errors';
import { RouteErrorBoundary } from './route-error-boundary';
import { Providers } from './testing';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "price")');
}

describe('a route that throws', () => {
  let sent: { path: string; body: unknown }[];
  beforeEach(() => {
    sent = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return new Response(null, { status: 204 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('shows «Что-то пошло не так» with «Обновить», reports the error, and the next address works', async () => {
    render(
      <Providers path="/broken">
        <Link to="/fine">Дальше</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="broken" element={<Broken />} />
            <Route path="fine" element={<p>Всё хорошо</p>} />
          </Routes>
        </RouteErrorBoundary>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Обновить' })).toBeTruthy();
    await vi.waitFor(() => expect(sent.map((s) => s.path)).toEqual(['/api/client-errors']));
    expect(sent[0]!.body).toMatchObject({
      message: 'Error: Cannot read properties of undefined (reading "price")',
      stack: expect.stringContaining('Broken') as string,
    });

    await userEvent.click(screen.getByRole('link', { name: 'Дальше' }));
    expect(await screen.findByText('Всё хорошо')).toBeTruthy();
  });
});

describe('a chunk that failed to load', () => {
  afterEach(() => sessionStorage.clear());
  const missing = new TypeError('Failed to fetch dynamically imported module: https://a.example/assets/x-1a.js');

  it('reloads the page once, and not again within a minute (no loop)', () => {
    const reload = vi.fn();
    expect(isChunkLoadError(missing)).toBe(true);
    expect(reloadOnceForChunk(missing, 1_000_000, reload)).toBe(true);
    expect(reloadOnceForChunk(missing, 1_030_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk(missing, 1_070_000, reload)).toBe(true);
    expect(reloadOnceForChunk(new Error('render failed'), 2_000_000, reload)).toBe(false);
  });

  it('reports the address without its fragment, where a token may be', () => {
    expect(clientErrorReport(new Error('x'), 'https://a.example/search?q=1#token=abc').url).toBe(
      'https://a.example/search?q=1',
    );
  });
});
