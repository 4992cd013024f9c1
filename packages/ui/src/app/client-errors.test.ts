// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetClientErrorReports, reportClientError, reportUncaughtErrors } from './client-errors';

describe('errors no screen caught (issue 31)', () => {
  let sent: { path: string; body: { message: string; url: string; stack: string | null } }[];
  let stop: () => void = () => {};
  beforeEach(() => {
    sent = [];
    forgetClientErrorReports();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ path: new URL(request.url).pathname, body: (await request.json()) as (typeof sent)[number]['body'] });
      return new Response(null, { status: 204 });
    });
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('reports an uncaught exception and an unhandled rejection to POST /api/client-errors', async () => {
    stop = reportUncaughtErrors(window);
    const thrown = new TypeError('Cannot read properties of null (reading "id")');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: thrown.message }));
    const rejected = new Error('Запрос не удался');
    const rejection = Promise.reject(rejected);
    rejection.catch(() => undefined);
    // happy-dom has no PromiseRejectionEvent: an Event with the same fields, as the browser dispatches it.
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { promise: rejection, reason: rejected }));
    // A cross-origin script's «Script error.» carries nothing to act on.
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));

    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.path)).toEqual(['/api/client-errors', '/api/client-errors']);
    expect(sent[0]!.body).toMatchObject({
      message: 'TypeError: Cannot read properties of null (reading "id")',
      stack: expect.stringContaining('TypeError') as string,
    });
    expect(sent[1]!.body.message).toBe('Error: Запрос не удался');

    stop();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after stop'), message: 'after stop' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(2);
  });

  it('sends at most 5 reports a minute and the same message once', async () => {
    const start = Date.UTC(2026, 10, 29, 1, 0, 0);
    for (let i = 0; i < 3; i++) reportClientError(new Error('одно и то же'), start + i);
    for (let i = 0; i < 10; i++) reportClientError(new Error(`ошибка ${i}`), start + 10 + i);
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    expect(sent.map((s) => s.body.message)).toEqual([
      'Error: одно и то же',
      'Error: ошибка 0',
      'Error: ошибка 1',
      'Error: ошибка 2',
      'Error: ошибка 3',
    ]);
    // A minute later the page may report again.
    reportClientError(new Error('одно и то же'), start + 60_001);
    await vi.waitFor(() => expect(sent).toHaveLength(6));
  });
});
