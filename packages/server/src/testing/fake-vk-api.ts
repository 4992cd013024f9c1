import { createServer, type Server } from 'node:http';
import { maxInAnyWindow } from './rate-window';

// A fake VK API on 127.0.0.1 answering wall.get in VK's documented shapes ({response: {count, items}} newest first,
// with offset and count, and {error: {error_code, error_msg}}), for the VK poller's and the VK wall reader's tests.
// Walls are lists of posts; queued error codes answer the next calls for a wall; every call is recorded with its time
// and token, so a test can count requests per second per token.

export type FakeVkItem = {
  id: number;
  owner_id: number;
  date: number;
  text: string;
  is_pinned?: number;
  marked_as_ads?: number;
  edited?: number;
  attachments?: unknown[];
  copy_history?: unknown[];
};

export interface FakeVkCall {
  method: string;
  params: URLSearchParams;
  at: number;
}

export const VK_TEST_TOKEN = 'vk-test-token';

const ERROR_TEXTS: Record<number, string> = {
  5: 'User authorization failed',
  6: 'Too many requests per second',
  9: 'Flood control',
  15: 'Access denied: this wall available only for community members',
  18: 'User was deleted or banned',
  29: 'Rate limit reached',
  30: 'This profile is private',
};

export function fakeVk(opts: { tokens?: string[] } = {}) {
  const tokens = new Set(opts.tokens ?? [VK_TEST_TOKEN]);
  const walls = new Map<number, FakeVkItem[]>();
  const errors = new Map<number, number[]>(); // owner id → error codes to answer first, one per call
  const calls: FakeVkCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const method = (req.url ?? '').split('/').pop() ?? '';
      calls.push({ method, params, at: Date.now() });
      const owner = Number(params.get('owner_id'));
      const queued = errors.get(owner);
      const code = queued?.shift();
      res.setHeader('content-type', 'application/json');
      if (!tokens.has(params.get('access_token') ?? '') || !params.get('v')) {
        res.end(JSON.stringify({ error: { error_code: 5, error_msg: ERROR_TEXTS[5] } }));
      } else if (code !== undefined) {
        res.end(
          JSON.stringify({ error: { error_code: code, error_msg: ERROR_TEXTS[code] ?? 'Error', request_params: [] } }),
        );
      } else {
        // A pinned post leads the first page whatever its age, as VK shows it; the rest are newest first.
        const all = walls.get(owner) ?? [];
        const ordered = [
          ...all.filter((i) => i.is_pinned === 1),
          ...all.filter((i) => i.is_pinned !== 1).sort((a, b) => b.id - a.id),
        ];
        const offset = Number(params.get('offset') ?? 0);
        const count = Math.min(100, Number(params.get('count') ?? 20));
        res.end(JSON.stringify({ response: { count: ordered.length, items: ordered.slice(offset, offset + count) } }));
      }
    });
  });
  return {
    server,
    walls,
    errors,
    calls,
    /** The most wall.get calls any one token made within one second (a sliding window over arrival times). */
    maxCallsPerSecond(token = VK_TEST_TOKEN): number {
      return maxInAnyWindow(calls.filter((c) => c.params.get('access_token') === token).map((c) => c.at));
    },
  };
}

export const vkItem = (owner: number, id: number, text: string, extra: Partial<FakeVkItem> = {}): FakeVkItem => ({
  id,
  owner_id: owner,
  date: 1_795_000_000 + id,
  text,
  ...extra,
});
