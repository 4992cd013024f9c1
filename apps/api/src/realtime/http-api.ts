import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { MESSAGES } from '@autoradar/core';
import { TriggerEventRequestSchema, parseWithContract, type ErrorBody } from '@autoradar/contract';
import { HTTP_MESSAGES } from '../http/http.messages';
import { describeInvalidMessage, type RealtimeBus, type RealtimeMessage } from './bus';
import type { RealtimeLog } from './log';
import { decodePathPart } from './protocol';
import { REALTIME_MESSAGES } from './realtime.messages';
import { checkHttpApiRequest, type AppCredentials } from './signatures';

// The Pusher HTTP API on the websocket port, as Reverb serves it: the bot, another instance or any official Pusher
// server SDK publishes with a signed POST. Answers use the API's one error envelope.

/** Pusher accepts at most 10 events in one batch. */
const MAX_BATCH = 10;

const BatchEventsRequestSchema = z.object({ batch: z.array(TriggerEventRequestSchema).min(1).max(MAX_BATCH) });

export interface HttpApiDeps {
  app: AppCredentials;
  bus: RealtimeBus;
  log: RealtimeLog;
  maxBodyBytes: number;
  nowSeconds?: () => number;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toMessage(event: z.infer<typeof TriggerEventRequestSchema>): RealtimeMessage {
  return {
    channels: event.channels ?? (event.channel === undefined ? [] : [event.channel]),
    event: event.name,
    data: event.data,
    ...(event.socket_id === undefined ? {} : { exceptSocketId: event.socket_id }),
  };
}

function invalid(path: string, problem: string): ErrorBody {
  return { message: MESSAGES.validationFailed, errors: { [path]: [problem] } };
}

/** Handles every plain HTTP request to the websocket port; upgrades never come here. */
export function createHttpApiHandler(deps: HttpApiDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://realtime.invalid');
    if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/up')
      return send(res, 200, { health: 'OK' });

    const match = /^\/apps\/([^/]+)\/(events|batch_events)$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return send(res, 404, { message: MESSAGES.notFound });
    if (decodePathPart(match[1]) !== deps.app.id) return send(res, 404, { message: REALTIME_MESSAGES.appNotFound });

    const body = await readBody(req, deps.maxBodyBytes);
    if (body === null) {
      res.setHeader('connection', 'close');
      return send(res, 413, { message: REALTIME_MESSAGES.tooLarge(deps.maxBodyBytes) });
    }
    const check = checkHttpApiRequest(deps.app, {
      method: 'POST',
      path: url.pathname,
      query: url.searchParams,
      body,
      nowSeconds: nowSeconds(),
    });
    if (!check.ok) return send(res, 401, { message: REALTIME_MESSAGES.rejections[check.reason] });

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return send(res, 422, { message: HTTP_MESSAGES.invalidJson });
    }

    let messages: RealtimeMessage[];
    if (match[2] === 'events') {
      const parsed = parseWithContract(TriggerEventRequestSchema, json);
      if (!parsed.success) return send(res, 422, parsed.error);
      messages = [toMessage(parsed.data)];
    } else {
      const parsed = parseWithContract(BatchEventsRequestSchema, json);
      if (!parsed.success) return send(res, 422, parsed.error);
      messages = parsed.data.batch.map(toMessage);
    }
    // All of a batch is checked before any of it goes out, so a rejected batch publishes nothing.
    for (const [i, message] of messages.entries()) {
      const problem = describeInvalidMessage(message);
      if (problem) return send(res, 422, invalid(match[2] === 'events' ? 'channels' : `batch.${i}`, problem));
    }

    try {
      for (const message of messages) await deps.bus.publish(message);
    } catch (err) {
      deps.log.error({ err }, 'realtime: HTTP API event not published');
      return send(res, 503, { message: REALTIME_MESSAGES.busUnavailable });
    }
    return send(res, 200, {});
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      deps.log.error({ err }, 'realtime: HTTP API request failed');
      if (!res.headersSent) send(res, 500, { message: MESSAGES.internalError });
      else res.destroy();
    });
  };
}
