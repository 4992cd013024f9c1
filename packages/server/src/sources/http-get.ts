import { Agent, errors, request, type Dispatcher } from 'undici';

// One GET for the source readers, over undici (timeouts, no automatic redirects, kept-alive connections): a page's
// status, headers and text, or why there is none. The readers turn these into their typed failures.

export type HttpGetResult =
  | { ok: true; status: number; headers: Record<string, string | string[] | undefined>; body: string }
  | { ok: false; reason: 'timeout' | 'network' | 'too-large'; detail: string };

export interface HttpGetOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes?: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

/** The readers' connection pool: a few sockets per host, kept alive between the pages of one cycle. */
export const sourcesDispatcher = new Agent({ connections: 32, keepAliveTimeout: 10_000 });

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * A kept-alive socket the server closed while it sat in the pool fails the next request at once. It happens when the
 * event loop is held longer than the server's keep-alive (the embedded database writing a channel's posts), and then
 * every idle socket of the pool is stale alike: the GET, safe to repeat, is sent once more on a connection of its own.
 */
const STALE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpGetResult> {
  const first = await httpGetOnce(url, options);
  if (first.ok || first.reason !== 'network' || !STALE_SOCKET_CODES.has(first.detail)) return first;
  const fresh = new Agent({ connections: 1 });
  try {
    return await httpGetOnce(url, { ...options, dispatcher: fresh });
  } finally {
    void fresh.close();
  }
}

async function httpGetOnce(url: string, options: HttpGetOptions): Promise<HttpGetResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const maxBytes = options.maxBytes ?? 5 * 1_048_576;
  try {
    const res = await request(url, {
      method: 'GET',
      headers: options.headers,
      signal,
      dispatcher: options.dispatcher ?? sourcesDispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        res.body.on('error', () => undefined);
        res.body.destroy();
        return { ok: false, reason: 'too-large', detail: `больше ${maxBytes} байт` };
      }
      chunks.push(buffer);
    }
    return { ok: true, status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (deadline.aborted || TIMEOUT_CODES.has(code)) return { ok: false, reason: 'timeout', detail: code || 'timeout' };
    if (options.signal?.aborted) throw err;
    const detail = err instanceof errors.UndiciError || err instanceof Error ? code || err.message : String(err);
    return { ok: false, reason: 'network', detail };
  }
}

/** A Retry-After header (seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The first value of a response header. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
