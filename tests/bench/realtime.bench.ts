// Realtime fan-out figures for docs/performance.md: `pnpm --filter @autoradar/tests bench:realtime`.
// Reports, asserts nothing. The server runs in a child process, so its memory is its own; the clients run here.
//
// For each server (a bare `ws` broadcast loop as the floor, then the product's Pusher-protocol server): open N
// connections subscribed to `posts`, publish E events one after another, and time each from the publish call to its
// arrival at the last of the N clients. Clocks: performance.timeOrigin + now() is shared by processes of one machine.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const CONNECT_CONCURRENCY = 250;
const APP = { id: 'bench', key: 'bench-key', secret: 'bench-secret' };

const now = () => performance.timeOrigin + performance.now();

// A listing as post.published carries it: about 1 KB of JSON.
const PAYLOAD = JSON.stringify({
  post: {
    id: 1,
    mark: 'Toyota',
    model: 'Camry',
    title: 'Toyota Camry 2.5 AT, 2019',
    year: 2019,
    price: 2_450_000,
    currency: 'RUB',
    mileage: 84_000,
    text: '<p>' + 'Один владелец, полный комплект ключей, обслуживание у дилера. '.repeat(10) + '</p>',
    location: 'Москва',
    published_at: new Date().toISOString(),
    mediaFiles: [{ type: 'photo', url: '/media/demo/1.jpg', url_sm: '/media/demo/1-sm.jpg', title: null }],
    channel: 'site',
  },
});

type Role = 'bare' | 'ours';
type ToChild = { publish: number };
type FromChild = { listening: number } | { memory: { rss: number; heapUsed: number } } | { loops: number[] };

async function serve(role: Role): Promise<void> {
  const send = (m: FromChild) => process.send!(m);
  let publish: (seq: number) => void;
  let port: number;
  if (role === 'bare') {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    await new Promise((resolve) => wss.once('listening', resolve));
    port = (wss.address() as { port: number }).port;
    publish = (seq) => {
      const text = JSON.stringify({
        event: 'post.published',
        channel: 'posts',
        data: JSON.stringify({ seq, sentAt: now(), payload: PAYLOAD }),
      });
      for (const client of wss.clients) client.send(text);
    };
  } else {
    const { createLocalBus } = await import('@autoradar/api/realtime/bus');
    const { createBroadcaster } = await import('@autoradar/api/realtime/broadcaster');
    const { silentLog } = await import('@autoradar/api/realtime/log');
    const { RealtimeServer } = await import('@autoradar/api/realtime/websocket-server');
    const bus = createLocalBus();
    const server = new RealtimeServer({
      app: APP,
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: ['*'],
      bus,
      limits: { maxConnections: CONNECTIONS + 100 },
    });
    port = (await server.listen()).port;
    const broadcaster = createBroadcaster(bus, silentLog);
    publish = (seq) =>
      void broadcaster.publish('posts', 'post.published', JSON.stringify({ seq, sentAt: now(), payload: PAYLOAD }));
  }
  // How long the publish call holds the server's event loop: encoding plus one send per socket.
  const loops: number[] = [];
  process.on('message', (m: ToChild | 'memory' | 'loops') => {
    if (m === 'memory') {
      global.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ memory: { rss, heapUsed } });
    } else if (m === 'loops') {
      send({ loops });
    } else {
      const started = performance.now();
      publish(m.publish);
      loops.push(performance.now() - started);
    }
  });
  send({ listening: port });
}

type Ask = <T extends FromChild>(m: ToChild | 'memory' | 'loops', key: keyof T) => Promise<T>;

function child(role: Role): Promise<{ proc: ChildProcess; port: number; ask: Ask }> {
  const proc = fork(fileURLToPath(import.meta.url), ['serve', role], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  const ask: Ask = <T extends FromChild>(m: ToChild | 'memory' | 'loops', key: keyof T) =>
    new Promise<T>((resolve) => {
      const onMessage = (reply: FromChild) => {
        if (key in reply) {
          proc.off('message', onMessage);
          resolve(reply as T);
        }
      };
      proc.on('message', onMessage);
      proc.send(m);
    });
  return new Promise((resolve) => {
    proc.once('message', (m: FromChild) => {
      if ('listening' in m) resolve({ proc, port: m.listening, ask });
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(role: Role) {
  const server = await child(role);
  const baseline = (await server.ask<{ memory: { rss: number; heapUsed: number } }>('memory', 'memory')).memory;

  const url =
    role === 'bare'
      ? `ws://127.0.0.1:${server.port}/`
      : `ws://127.0.0.1:${server.port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`;
  const arrivals = new Map<number, { count: number; last: number; sentAt: number }>();
  const sockets: WebSocket[] = [];
  const everyoneGot = new Map<number, () => void>();

  // The clients share one process with the measuring, so they do as little as possible per frame: the sequence number
  // is read from the bytes, and the whole frame is parsed only for the first arrival of each event.
  const SEQ = Buffer.from('\\"seq\\":');
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      sockets.push(ws);
      let ready = false;
      ws.once('error', reject);
      if (role === 'bare') {
        ws.once('open', () => {
          ready = true;
          resolve();
        });
      }
      ws.on('message', (raw: Buffer) => {
        if (ready) {
          const at = now();
          const i = raw.indexOf(SEQ) + SEQ.length;
          const seq = Number.parseInt(raw.toString('latin1', i, i + 12), 10);
          let entry = arrivals.get(seq);
          if (!entry) {
            const { sentAt } = JSON.parse((JSON.parse(String(raw)) as { data: string }).data) as { sentAt: number };
            entry = { count: 0, last: 0, sentAt };
            arrivals.set(seq, entry);
          }
          entry.count += 1;
          entry.last = at;
          if (entry.count === CONNECTIONS) everyoneGot.get(seq)?.();
          return;
        }
        const frame = JSON.parse(String(raw)) as { event: string };
        if (frame.event === 'pusher:connection_established') {
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'posts' } }));
        } else if (frame.event === 'pusher_internal:subscription_succeeded') {
          ready = true;
          resolve();
        }
      });
    });

  const connectStarted = now();
  for (let i = 0; i < CONNECTIONS; i += CONNECT_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, CONNECTIONS - i) }, openOne));
  }
  const connectMs = now() - connectStarted;
  const loaded = (await server.ask<{ memory: { rss: number; heapUsed: number } }>('memory', 'memory')).memory;

  const latencies: number[] = [];
  for (let seq = 1; seq <= EVENTS; seq += 1) {
    const done = new Promise<void>((resolve) => everyoneGot.set(seq, resolve));
    server.proc.send({ publish: seq } satisfies ToChild);
    await done;
    const entry = arrivals.get(seq)!;
    latencies.push(entry.last - entry.sentAt);
  }
  latencies.sort((a, b) => a - b);
  const loops = (await server.ask<{ loops: number[] }>('loops', 'loops')).loops.sort((a, b) => a - b);

  for (const ws of sockets) ws.terminate();
  server.proc.kill();
  return {
    role,
    connectMs,
    connectRate: CONNECTIONS / (connectMs / 1000),
    rssMb: loaded.rss / 2 ** 20,
    perConnectionKb: (loaded.rss - baseline.rss) / CONNECTIONS / 1024,
    heapPerConnectionKb: (loaded.heapUsed - baseline.heapUsed) / CONNECTIONS / 1024,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    loopP50: percentile(loops, 50),
    loopP99: percentile(loops, 99),
  };
}

if (process.argv[2] === 'serve') {
  await serve(process.argv[3] as Role);
} else {
  console.log(
    `${CONNECTIONS} connections subscribed to posts, ${EVENTS} events of ${PAYLOAD.length} bytes, one after another`,
  );
  for (const role of ['bare', 'ours'] as const) {
    const r = await run(role);
    const name = role === 'bare' ? 'bare ws broadcast (floor)' : 'Pusher-protocol server';
    console.log(
      `${name}: connect ${Math.round(r.connectMs)} ms (${Math.round(r.connectRate)}/s); server RSS ${r.rssMb.toFixed(0)} MB, ` +
        `${r.perConnectionKb.toFixed(1)} KB RSS and ${r.heapPerConnectionKb.toFixed(2)} KB heap per connection; ` +
        `send loop p50 ${r.loopP50.toFixed(1)} ms, p99 ${r.loopP99.toFixed(1)} ms; ` +
        `publish -> last client p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
    );
  }
}
