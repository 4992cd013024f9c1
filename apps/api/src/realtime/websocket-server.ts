import { createServer, type IncomingMessage, type Server } from 'node:http';
import { websocketConnections, websocketMessages } from '@autoradar/server/runtime/metrics';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { EVENT_DATA_MAX_LENGTH } from '@autoradar/contract';
import type { RealtimeBus, RealtimeMessage } from './bus';
import { answerClientError } from '../plugins/errors';
import { createHttpApiHandler } from './http-api';
import { silentLog, type RealtimeLog } from './log';
import { parseOriginRule, type OriginRule } from '@autoradar/server/config/origin-rules';
import { isOriginAllowed } from './origins';
import {
  PING_FRAME,
  PONG_FRAME,
  PROTOCOL_ERRORS,
  SUPPORTED_PROTOCOL_VERSIONS,
  channelKind,
  decodePathPart,
  encodeConnectionEstablished,
  encodeError,
  encodeEvent,
  encodeSubscriptionSucceeded,
  generateSocketId,
  isValidChannelName,
  parseClientMessage,
  type ProtocolError,
} from './protocol';
import { isValidChannelAuth, type AppCredentials } from './signatures';

export interface RealtimeLimits {
  /** Connections one process holds; the next one gets 4004. */
  maxConnections: number;
  maxSubscriptionsPerConnection: number;
  /** Largest frame a client may send (Reverb's 10 KB); a larger one closes the socket with 1009. */
  maxMessageBytes: number;
  /** Bytes queued for one socket before it counts as a slow consumer and is dropped. */
  maxBufferedBytes: number;
  /** Largest Pusher HTTP API request body. */
  maxHttpBodyBytes: number;
  /** Told to clients: pusher-js pings after this much silence. */
  activityTimeoutSeconds: number;
  /** The server pings a client that has been silent this long... */
  pingIntervalMs: number;
  /** ...and closes it with 4201 when nothing comes back within this. */
  pongTimeoutMs: number;
  /** How long shutdown waits for clients to answer the 4200 close before cutting them off. */
  closeTimeoutMs: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxConnections: 20_000,
  maxSubscriptionsPerConnection: 200,
  maxMessageBytes: 10_000,
  maxBufferedBytes: 1_048_576,
  maxHttpBodyBytes: EVENT_DATA_MAX_LENGTH,
  activityTimeoutSeconds: 30,
  pingIntervalMs: 60_000,
  pongTimeoutMs: 30_000,
  closeTimeoutMs: 3_000,
};

export interface RealtimeServerOptions {
  app: AppCredentials;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Entries as parseOriginRule reads them. */
  allowedOrigins: readonly string[];
  bus: RealtimeBus;
  limits?: Partial<RealtimeLimits>;
  log?: RealtimeLog;
  /** Milliseconds; tests step it to drive pings without waiting. */
  clock?: () => number;
}

export interface RealtimeStats {
  connections: number;
  channels: number;
  droppedSlowConsumers: number;
}

class Connection {
  readonly channels = new Set<string>();
  pingSentAt: number | null = null;
  closed = false;

  constructor(
    readonly socketId: string,
    readonly ws: WebSocket,
    public lastSeen: number,
  ) {}

  touch(now: number): void {
    this.lastSeen = now;
    this.pingSentAt = null;
  }
}

/** A Reverb-compatible Pusher protocol 7 server with the Pusher HTTP events API, on its own HTTP server. */
export class RealtimeServer {
  readonly limits: RealtimeLimits;
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly origins: OriginRule[];
  private readonly log: RealtimeLog;
  private readonly now: () => number;
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private unsubscribeBus: (() => void) | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private dropped = 0;

  constructor(private readonly options: RealtimeServerOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.log = options.log ?? silentLog;
    this.now = options.clock ?? Date.now;
    this.origins = options.allowedOrigins.map(parseOriginRule);
    // permessage-deflate stays off: it costs memory per socket and CPU per send, for small JSON frames.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: this.limits.maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.http = createServer(
      createHttpApiHandler({
        app: options.app,
        bus: options.bus,
        log: this.log,
        maxBodyBytes: this.limits.maxHttpBodyBytes,
      }),
    );
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    // Malformed requests and oversized headers get the API's Russian envelope here too, not an empty 400/431.
    this.http.on('clientError', answerClientError);
  }

  async listen(): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port, this.options.host, () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    this.unsubscribeBus = this.options.bus.subscribe((message) => this.deliver(message));
    const sweepMs = Math.max(20, Math.min(this.limits.pingIntervalMs, this.limits.pongTimeoutMs) / 3);
    this.sweepTimer = setInterval(() => this.sweep(), sweepMs);
    this.sweepTimer.unref();
    return this.http.address() as AddressInfo;
  }

  /** The port it listens on, once listen() resolved. */
  get port(): number {
    return (this.http.address() as AddressInfo | null)?.port ?? this.options.port;
  }

  stats(): RealtimeStats {
    return { connections: this.connections.size, channels: this.channels.size, droppedSlowConsumers: this.dropped };
  }

  /**
   * Stops taking connections and closes every client with 4200: the apps' client tries again by spec §9's policy
   * (1 s, then 2 s more, …: packages/ui/src/realtime/connector.ts), to another instance behind the proxy, or to this
   * one once it is back; a bare pusher-js client reconnects at once.
   */
  async close(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.sweepTimer);
    this.unsubscribeBus?.();
    const httpClosed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeIdleConnections();
    const sockets = [...this.connections].map((c) => c.ws);
    for (const conn of [...this.connections]) this.closeConnection(conn, PROTOCOL_ERRORS.shuttingDown, false);
    await new Promise<void>((resolve) => {
      let open = sockets.filter((ws) => ws.readyState !== WebSocket.CLOSED).length;
      if (open === 0) return resolve();
      const timer = setTimeout(() => {
        for (const ws of sockets) ws.terminate();
        resolve();
      }, this.limits.closeTimeoutMs);
      for (const ws of sockets) {
        ws.once('close', () => {
          open -= 1;
          if (open === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    this.http.closeAllConnections();
    await httpClosed;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://realtime.invalid');
    const key = decodePathPart(/^\/app\/([^/]+)$/.exec(url.pathname)?.[1]);
    if (key === null || this.stopping) {
      socket.end(
        `HTTP/1.1 ${this.stopping ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req, key, url.searchParams));
  }

  private accept(ws: WebSocket, req: IncomingMessage, key: string, query: URLSearchParams): void {
    // ws reports oversized frames and broken sockets as 'error' and closes the socket itself; unheard, it would crash us.
    ws.on('error', () => undefined);
    const refusal = this.refusalFor(key, req.headers.origin, query.get('protocol'));
    if (refusal) {
      ws.send(encodeError(refusal));
      ws.close(refusal.code, refusal.message);
      return;
    }

    const conn = new Connection(generateSocketId(), ws, this.now());
    this.connections.add(conn);
    websocketConnections.inc();
    ws.on('message', (data, isBinary) => {
      websocketMessages.inc({ direction: 'in' });
      conn.touch(this.now());
      this.handleMessage(conn, data, isBinary);
    });
    // Control frames count as activity: some clients keep the socket alive with them instead of pusher:ping.
    ws.on('ping', () => conn.touch(this.now()));
    ws.on('pong', () => conn.touch(this.now()));
    ws.on('close', () => this.forget(conn));
    this.send(conn, encodeConnectionEstablished(conn.socketId, this.limits.activityTimeoutSeconds));
  }

  private refusalFor(key: string, origin: string | undefined, protocol: string | null): ProtocolError | null {
    if (key !== this.options.app.key) return PROTOCOL_ERRORS.unknownApp;
    if (!isOriginAllowed(origin, this.origins)) return PROTOCOL_ERRORS.originNotAllowed;
    if (protocol === null) return PROTOCOL_ERRORS.noVersion;
    if (!/^\d+$/.test(protocol)) return PROTOCOL_ERRORS.invalidVersionFormat;
    const version = Number(protocol);
    if (version < SUPPORTED_PROTOCOL_VERSIONS.min || version > SUPPORTED_PROTOCOL_VERSIONS.max)
      return PROTOCOL_ERRORS.unsupportedVersion;
    if (this.connections.size >= this.limits.maxConnections) return PROTOCOL_ERRORS.overQuota;
    return null;
  }

  private handleMessage(conn: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    if (isBinary) return this.sendError(conn, PROTOCOL_ERRORS.invalidMessage);
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    const message = parseClientMessage(text);
    switch (message.kind) {
      case 'ping':
        return this.send(conn, PONG_FRAME);
      case 'pong':
        return;
      case 'subscribe':
        return this.subscribe(conn, message.channel, message.auth);
      case 'unsubscribe':
        if (isValidChannelName(message.channel)) this.leave(conn, message.channel);
        else this.sendError(conn, PROTOCOL_ERRORS.invalidChannel);
        return;
      case 'client-event':
        return this.sendError(conn, PROTOCOL_ERRORS.clientEventsDisabled);
      case 'invalid':
        return this.sendError(conn, message.error);
    }
  }

  private subscribe(conn: Connection, channel: unknown, auth: unknown): void {
    if (!isValidChannelName(channel)) return this.sendError(conn, PROTOCOL_ERRORS.invalidChannel);
    const kind = channelKind(channel);
    if (kind === 'presence') return this.sendError(conn, PROTOCOL_ERRORS.presenceUnsupported);
    if (kind === 'private' && !isValidChannelAuth(this.options.app, conn.socketId, channel, auth)) {
      return this.sendError(conn, PROTOCOL_ERRORS.unauthorized);
    }
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= this.limits.maxSubscriptionsPerConnection)
        return this.sendError(conn, PROTOCOL_ERRORS.tooManySubscriptions);
      conn.channels.add(channel);
      let members = this.channels.get(channel);
      if (!members) {
        members = new Set();
        this.channels.set(channel, members);
      }
      members.add(conn);
    }
    // A repeated subscribe is answered again: pusher-js resubscribes after reconnects and waits for this.
    this.send(conn, encodeSubscriptionSucceeded(channel));
  }

  private leave(conn: Connection, channel: string): void {
    if (!conn.channels.delete(channel)) return;
    const members = this.channels.get(channel);
    members?.delete(conn);
    if (members?.size === 0) this.channels.delete(channel);
  }

  private deliver(message: RealtimeMessage): void {
    for (const channel of message.channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      // Encoded once per channel, sent as the same bytes to every member.
      const frame = Buffer.from(encodeEvent(message.event, message.data, channel));
      for (const conn of members) {
        if (conn.socketId !== message.exceptSocketId) this.send(conn, frame);
      }
    }
  }

  private send(conn: Connection, frame: string | Buffer): void {
    if (conn.closed || conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      // A client that stopped reading would otherwise hold every event for it in memory; it reconnects and reloads.
      this.dropped += 1;
      this.log.warn(
        { socketId: conn.socketId, bufferedBytes: conn.ws.bufferedAmount },
        'realtime: slow consumer dropped',
      );
      this.forget(conn);
      conn.ws.terminate();
      return;
    }
    conn.ws.send(frame, { binary: false });
    websocketMessages.inc({ direction: 'out' });
  }

  private sendError(conn: Connection, error: ProtocolError): void {
    this.send(conn, encodeError(error));
  }

  private closeConnection(conn: Connection, error: ProtocolError, announce: boolean): void {
    if (announce) this.sendError(conn, error);
    this.forget(conn);
    conn.ws.close(error.code, error.message);
  }

  /** Stops all delivery to a connection at once, before its socket has finished closing. */
  private forget(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn);
    websocketConnections.dec();
    for (const channel of [...conn.channels]) this.leave(conn, channel);
  }

  /** Pings silent clients and closes the ones that did not answer; runs on a timer, public for tests. */
  sweep(): void {
    const now = this.now();
    for (const conn of this.connections) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt >= this.limits.pongTimeoutMs)
          this.closeConnection(conn, PROTOCOL_ERRORS.pongNotReceived, true);
      } else if (now - conn.lastSeen >= this.limits.pingIntervalMs) {
        conn.pingSentAt = now;
        this.send(conn, PING_FRAME);
      }
    }
  }
}

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const server = new RealtimeServer(options);
  await server.listen();
  return server;
}
