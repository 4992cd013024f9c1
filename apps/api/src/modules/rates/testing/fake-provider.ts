import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a fake rates provider behaves: `ok` answers in the documented shape, `fail` answers 500, `garbage` answers 200
 * with a body that is not the documented shape, `hang` accepts the request and never answers (until `release()`).
 */
export type FakeProviderMode = 'ok' | 'fail' | 'garbage' | 'hang';

export interface FakeAnswer {
  status: number;
  contentType: string;
  body: string | Uint8Array;
}

export interface FakeProvider {
  /** The base URL to configure (RATES_CBR_URL / RATES_CRYPTO_URL). */
  url: string;
  /** Paths (with query) of the requests received, in order. */
  requests: string[];
  setMode(mode: FakeProviderMode): void;
  /** Resolves when the fake has received `count` requests in all. */
  received(count: number): Promise<void>;
  /** Answers every held ('hang') request as `ok` would. */
  release(): void;
  close(): Promise<void>;
}

/** A provider stand-in on 127.0.0.1; `answer` builds the documented answer for a request path, or null for a 404. */
export async function startFakeProvider(opts: {
  port?: number;
  prefix: string;
  answer: (path: string, query: URLSearchParams) => FakeAnswer | null;
  garbage: FakeAnswer;
}): Promise<FakeProvider> {
  let mode: FakeProviderMode = 'ok';
  const requests: string[] = [];
  const held: { req: IncomingMessage; res: ServerResponse }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const send = (res: ServerResponse, a: FakeAnswer) => {
    res.writeHead(a.status, { 'content-type': a.contentType });
    res.end(a.body);
  };
  const answerOk = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.startsWith(opts.prefix) ? url.pathname.slice(opts.prefix.length) : null;
    const a = req.method === 'GET' && path !== null ? opts.answer(path, url.searchParams) : null;
    send(res, a ?? { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not Found' });
  };

  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    for (const w of waiters.filter((w) => requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    if (mode === 'hang') held.push({ req, res });
    else if (mode === 'fail')
      send(res, { status: 500, contentType: 'text/html; charset=utf-8', body: '<h1>Internal Server Error</h1>' });
    else if (mode === 'garbage') send(res, opts.garbage);
    else answerOk(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${opts.prefix}`,
    requests,
    setMode(next) {
      mode = next;
    },
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    release() {
      for (const { req, res } of held.splice(0)) if (!res.destroyed) answerOk(req, res);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
