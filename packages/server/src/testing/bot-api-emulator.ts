import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  token: string;
  method: string;
  payload: Record<string, unknown>;
  /** What the emulator answered: 200, or the error code of a configured failure. */
  status: number;
}

/** A Bot API error in Telegram's envelope (`{ ok: false, error_code, description, parameters? }`). */
export interface BotApiFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** Flood control; Telegram's smallest `retry_after` is 1 second. */
export const tooManyRequests = (retryAfter: number): BotApiFailure => ({
  error_code: 429,
  description: `Too Many Requests: retry after ${retryAfter}`,
  parameters: { retry_after: retryAfter },
});

/** How much earlier than its retry_after a retry may arrive and still be accepted (clock and timer jitter). */
const FLOOD_SLACK_MS = 50;

/** What Telegram answers when the user has blocked the bot. */
export const blockedByUser: BotApiFailure = { error_code: 403, description: 'Forbidden: bot was blocked by the user' };

/**
 * A Telegram Bot API emulator on 127.0.0.1: answers `POST /bot<token>/<method>` in the Bot API's envelope
 * (`{ ok, result }`) and records every call, so bot tests see exactly what a user would receive. `fail()` makes the
 * next calls of a method answer with an error instead (429 with retry_after, 403 blocked, ...); after a 429 that method
 * stays refused to that chat until its retry_after has passed.
 */
export async function startBotApiEmulator(
  opts: {
    botUsername?: string;
    /** Sees every call as it arrives, before the answer (the SIGKILL test stops a worker here). */
    onCall?: (call: RecordedCall) => void;
  } = {},
) {
  const calls: RecordedCall[] = [];
  const failures = new Map<string, { failure: BotApiFailure; left: number }>();
  /**
   * Flood waits in force: method and chat -> when its retry_after ends. As Telegram does, a call that comes back before
   * the wait it was told is refused again with the time left, so a sender that ignores retry_after shows an extra 429.
   */
  const floodUntil = new Map<string, number>();
  let messageId = 0;
  /** Files the bot may download: file_id -> its path and bytes (getFile, then GET /file/bot<token>/<file_path>). */
  const files = new Map<string, { path: string; data: Buffer }>();
  const username = opts.botUsername ?? 'autoradar_test_bot';
  /** The webhook the bot registered (setWebhook), as Telegram keeps it until deleteWebhook. */
  let webhook: { url: string; secretToken: string | undefined } | null = null;

  const result = (method: string, payload: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return {
          id: 777000111,
          is_bot: true,
          first_name: 'АвтоРадар',
          username,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'sendMessage':
        return {
          message_id: ++messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: payload['chat_id'], type: 'private' },
          text: payload['text'],
        };
      case 'sendPhoto': {
        // A photo sent by URL gets a new file_id, one sent by file_id keeps it (as Telegram does).
        const photo = payload['photo'];
        const fileId = typeof photo === 'string' && !/^https?:/.test(photo) ? photo : `emu-photo-${messageId + 1}`;
        return {
          message_id: ++messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: payload['chat_id'], type: 'private' },
          caption: payload['caption'],
          photo: [{ file_id: fileId, file_unique_id: `u-${fileId}`, width: 1280, height: 960 }],
        };
      }
      case 'getUpdates':
        return [];
      case 'setWebhook':
        webhook = {
          url: String(payload['url']),
          secretToken: typeof payload['secret_token'] === 'string' ? payload['secret_token'] : undefined,
        };
        return true;
      case 'deleteWebhook':
        webhook = null;
        return true;
      case 'getWebhookInfo':
        return { url: webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 };
      case 'getFile': {
        const fileId = String(payload['file_id']);
        const file = files.get(fileId);
        if (!file) return undefined;
        return { file_id: fileId, file_unique_id: `u-${fileId}`, file_size: file.data.length, file_path: file.path };
      }
      default:
        return true;
    }
  };

  /** The configured failure for this call, if any is left (a flood wait still running comes first). */
  const takeFailure = (method: string, flood: string): BotApiFailure | undefined => {
    const waitMs = (floodUntil.get(flood) ?? 0) - Date.now();
    // A few milliseconds of slack: timers and clocks may disagree by that much, a sender that ignores the wait by 1 s.
    if (waitMs > FLOOD_SLACK_MS) return tooManyRequests(Math.ceil(waitMs / 1000));
    floodUntil.delete(flood);
    const planned = failures.get(method);
    if (!planned) return undefined;
    planned.left -= 1;
    if (planned.left <= 0) failures.delete(method);
    return planned.failure;
  };

  /** Long polls waiting for their timeout; close() answers them so the server can stop at once. */
  const polls = new Set<() => void>();
  const holdPoll = (res: ServerResponse, waitMs: number) => {
    const finish = () => {
      clearTimeout(timer);
      polls.delete(finish);
      if (!res.writableEnded) res.end(JSON.stringify({ ok: true, result: [] }));
    };
    const timer = setTimeout(finish, waitMs);
    polls.add(finish);
    res.on('close', finish);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // File downloads: GET /file/bot<token>/<file_path>, the bytes as Telegram serves them.
      const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(req.url ?? '');
      if (download) {
        const file = [...files.values()].find((f) => f.path === download[2]);
        calls.push({
          token: download[1] ?? '',
          method: 'file',
          payload: { file_path: download[2] },
          status: file ? 200 : 404,
        });
        res.statusCode = file ? 200 : 404;
        if (file) res.setHeader('content-type', 'application/octet-stream');
        res.end(file ? file.data : JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
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
      // Telegram refuses long polling while a webhook is set.
      const conflict: BotApiFailure | undefined =
        method === 'getUpdates' && webhook
          ? {
              error_code: 409,
              description:
                "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            }
          : undefined;
      const flood = `${method}:${String(payload['chat_id'])}`;
      const failure = conflict ?? takeFailure(method, flood);
      const call = { token, method, payload, status: failure?.error_code ?? 200 };
      calls.push(call);
      opts.onCall?.(call);
      if (failure) {
        const retryAfter = failure.parameters?.retry_after;
        if (retryAfter !== undefined) floodUntil.set(flood, Date.now() + retryAfter * 1000);
        res.statusCode = failure.error_code;
        res.end(JSON.stringify({ ok: false, ...failure }));
        return;
      }
      if (method === 'getUpdates' && Number(payload['timeout']) > 0) {
        // Long polling as Telegram does it: with no update to hand, the answer waits up to `timeout` seconds
        // (an immediate empty answer would have the bot ask again at once, thousands of times a minute).
        holdPoll(res, Math.min(Number(payload['timeout']), 50) * 1_000);
        return;
      }
      const answer = result(method, payload);
      if (answer === undefined) {
        // getFile of an unknown file_id, as Telegram answers it.
        res.statusCode = 400;
        res.end(JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: invalid file_id' }));
        return;
      }
      res.end(JSON.stringify({ ok: true, result: answer }));
    });
  });
  // Telegram keeps idle connections open for about a minute; Node's default 5 s would close sockets the sender is about
  // to reuse, and such a send fails with a network error (recorded as unknown, never repeated).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Every call of a method, refused ones included. */
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** The calls of a method that succeeded: what the user actually received. */
    deliveredOf: (method: string) => calls.filter((c) => c.method === method && c.status === 200),
    /** The next `times` calls of `method` (every one with Infinity) answer with `failure`; 0 clears it. */
    fail: (method: string, failure: BotApiFailure, times = 1) => {
      if (times > 0) failures.set(method, { failure, left: times });
      else failures.delete(method);
    },
    /** Makes `data` downloadable under `fileId` (what a channel post's photo sizes name); returns the file_id. */
    addFile: (fileId: string, data: Buffer, ext = 'jpg') => {
      files.set(fileId, { path: `photos/file_${files.size}.${ext}`, data });
      return fileId;
    },
    /** The webhook set by the bot, or null (never set, or deleted). */
    webhook: () => webhook,
    /**
     * Delivers an update to the registered webhook as Telegram does: a POST of the JSON with the secret token in
     * X-Telegram-Bot-Api-Secret-Token. Resolves with the webhook's HTTP status.
     */
    deliverUpdate: async (update: Record<string, unknown>) => {
      if (!webhook) throw new Error('no webhook is set');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (webhook.secretToken !== undefined) headers['x-telegram-bot-api-secret-token'] = webhook.secretToken;
      const res = await fetch(webhook.url, { method: 'POST', headers, body: JSON.stringify(update) });
      await res.arrayBuffer();
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const finish of [...polls]) finish();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
