import { WebSocket } from 'ws';

// A bare protocol client for tests: it shows the frames exactly as the server sends them, which pusher-js hides.

export interface ReceivedFrame {
  event: string;
  channel?: string;
  /** `data` as sent (a JSON string for every server frame). */
  rawData: unknown;
  /** `data` parsed once more, as pusher-js does. */
  data: unknown;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

const GUARD_MS = 10_000;

export class TestSocket {
  private readonly frames: ReceivedFrame[] = [];
  private readonly waiters: { match: (f: ReceivedFrame) => boolean; resolve: (f: ReceivedFrame) => void }[] = [];
  readonly closed: Promise<CloseInfo>;

  private constructor(readonly ws: WebSocket) {
    // With the default binaryType ('nodebuffer') every message arrives as one Buffer.
    ws.on('message', (raw) => this.receive((raw as Buffer).toString('utf8')));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('error', () => undefined);
  }

  /** Connects and resolves once the socket is open (before connection_established is read). */
  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Opens and waits for pusher:connection_established; returns the socket and its socket_id. */
  static async connect(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ socket: TestSocket; socketId: string }> {
    const socket = await TestSocket.open(url, headers);
    const established = await socket.next('pusher:connection_established');
    return { socket, socketId: (established.data as { socket_id: string }).socket_id };
  }

  private receive(text: string): void {
    const parsed = JSON.parse(text) as { event: string; channel?: string; data?: unknown };
    let data: unknown = parsed.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // left as the raw string
      }
    }
    const frame: ReceivedFrame = {
      event: parsed.event,
      rawData: parsed.data,
      data,
      ...(parsed.channel === undefined ? {} : { channel: parsed.channel }),
    };
    const i = this.waiters.findIndex((w) => w.match(frame));
    if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
    else this.frames.push(frame);
  }

  /**
   * The next frame not yet taken; with `event`, the first such frame of that event (and channel). Frames are taken in
   * the order the server sent them, which is what lets tests prove that something did not arrive.
   */
  next(event?: string, channel?: string): Promise<ReceivedFrame> {
    const match = (f: ReceivedFrame) =>
      (event === undefined || f.event === event) && (channel === undefined || f.channel === channel);
    const i = this.frames.findIndex(match);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${event ?? 'frame'} within ${GUARD_MS} ms; unread: ${JSON.stringify(this.frames)}`)),
        GUARD_MS,
      );
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /** Everything received and not yet taken. */
  unread(): ReceivedFrame[] {
    return [...this.frames];
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async subscribe(channel: string, auth?: string): Promise<ReceivedFrame> {
    this.send({ event: 'pusher:subscribe', data: auth === undefined ? { channel } : { channel, auth } });
    return this.next();
  }

  /** A ping round trip: the server has handled everything sent before it once this resolves. */
  async sync(): Promise<void> {
    this.send({ event: 'pusher:ping', data: {} });
    await this.next('pusher:pong');
  }

  close(): void {
    this.ws.close();
  }
}
