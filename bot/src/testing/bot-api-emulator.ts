import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  token: string;
  method: string;
  payload: Record<string, unknown>;
}

/**
 * A Telegram Bot API emulator on 127.0.0.1: answers `POST /bot<token>/<method>` in the Bot API's envelope
 * (`{ ok, result }`) and records every call, so bot tests see exactly what a user would receive.
 */
export async function startBotApiEmulator(opts: { botUsername?: string } = {}) {
  const calls: RecordedCall[] = [];
  let messageId = 0;
  const username = opts.botUsername ?? 'autoradar_test_bot';

  const result = (method: string, payload: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return { id: 777000111, is_bot: true, first_name: 'АвтоРадар', username, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false };
      case 'sendMessage':
      case 'sendPhoto':
        return { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: payload['chat_id'], type: 'private' }, text: payload['text'] };
      case 'getUpdates':
        return [];
      default:
        return true;
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!m) {
        res.statusCode = 404;
        res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const [, token = '', method = ''] = m;
      calls.push({ token, method, payload });
      res.end(JSON.stringify({ ok: true, result: result(method, payload) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
