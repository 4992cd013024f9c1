import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalBus, type RealtimeBus } from './bus';
import { signChannelAuth } from './signatures';
import { TestSocket } from './testing/test-socket';
import { RealtimeServer, type RealtimeLimits } from './websocket-server';

const APP = { id: 'test-app', key: 'test-key', secret: 'test-secret' };
const ALLOWED = 'https://autoradar.example';

const running: RealtimeServer[] = [];
const sockets: TestSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(limits: Partial<RealtimeLimits> = {}, bus: RealtimeBus = createLocalBus(), clock?: () => number) {
  const server = new RealtimeServer({
    app: APP,
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [ALLOWED, 'localhost'],
    bus,
    limits,
    ...(clock ? { clock } : {}),
  });
  running.push(server);
  const { port } = await server.listen();
  const base = `127.0.0.1:${port}`;
  const url = (key = APP.key, query = '?protocol=7&client=js&version=8.6.0') => `ws://${base}/app/${key}${query}`;
  const connect = async (headers: Record<string, string> = {}) => {
    const c = await TestSocket.connect(url(), headers);
    sockets.push(c.socket);
    return c;
  };
  const open = async (socketUrl: string, headers: Record<string, string> = {}) => {
    const s = await TestSocket.open(socketUrl, headers);
    sockets.push(s);
    return s;
  };
  return { server, bus, base, url, connect, open };
}

/** Signs a Pusher HTTP API request as the server SDKs do. */
function signedUrl(
  base: string,
  path: string,
  body: string,
  secret = APP.secret,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const params = new URLSearchParams({
    auth_key: APP.key,
    auth_timestamp: String(timestamp),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  });
  const canonical = [...params]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  params.set('auth_signature', createHmac('sha256', secret).update(`POST\n${path}\n${canonical}`).digest('hex'));
  return `http://${base}${path}?${params.toString()}`;
}

function post(base: string, path: string, payload: unknown, secret?: string) {
  const body = JSON.stringify(payload);
  return fetch(signedUrl(base, path, body, secret), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
}

describe('connecting', () => {
  it('greets with pusher:connection_established: socket_id and activity_timeout inside a JSON string', async () => {
    const { open, url } = await start({ activityTimeoutSeconds: 30 });
    const socket = await open(url());
    const frame = await socket.next();
    expect(frame.event).toBe('pusher:connection_established');
    expect(typeof frame.rawData).toBe('string');
    expect(frame.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/) as string, activity_timeout: 30 });
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const { connect } = await start();
    const { socket } = await connect();
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong');
  });

  it('refuses an unknown app key with 4001 and closes with that code', async () => {
    const { open, url } = await start();
    const socket = await open(url('someone-else'));
    const error = await socket.next();
    expect(error).toMatchObject({ event: 'pusher:error', data: { code: 4001, message: 'Application does not exist' } });
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Application does not exist' });
  });

  it('refuses pages of other sites (4009) and lets in allowed ones, local pages and clients without a browser', async () => {
    const { open, connect, url } = await start();
    const evil = await open(url(), { origin: 'https://evil.example' });
    expect(await evil.next()).toMatchObject({
      event: 'pusher:error',
      data: { code: 4009, message: 'Origin not allowed' },
    });
    expect((await evil.closed).code).toBe(4009);

    for (const origin of [ALLOWED, 'http://localhost:5173']) {
      expect((await connect({ origin })).socketId).toMatch(/^\d+\.\d+$/);
    }
    expect((await connect()).socketId).toMatch(/^\d+\.\d+$/);
  });

  it('requires a supported protocol version', async () => {
    const { open, url } = await start();
    for (const [query, code] of [
      ['', 4008],
      ['?protocol=seven', 4006],
      ['?protocol=3', 4007],
      ['?protocol=8', 4007],
    ] as const) {
      const socket = await open(url(APP.key, query));
      expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { code } });
      expect((await socket.closed).code).toBe(code);
    }
  });

  it('refuses connections over the limit with 4004 and takes them again once one leaves', async () => {
    const { connect, open, url, server } = await start({ maxConnections: 2 });
    const first = await connect();
    await connect();
    const third = await open(url());
    expect(await third.next()).toMatchObject({ event: 'pusher:error', data: { code: 4004 } });
    expect((await third.closed).code).toBe(4004);

    first.socket.close();
    await first.socket.closed;
    await vi.waitFor(() => expect(server.stats().connections).toBe(1));
    expect((await connect()).socketId).toMatch(/^\d+\.\d+$/);
  });

  it('answers 404 to upgrades on other paths or with an undecodable key, and serves /up', async () => {
    const { open, base, connect } = await start();
    await expect(open(`ws://${base}/socket`)).rejects.toThrow('404');
    await expect(open(`ws://${base}/app/%E0%A4%A?protocol=7`)).rejects.toThrow('404');
    const badApp = await fetch(`http://${base}/apps/%E0%A4%A/events`, { method: 'POST', body: '{}' });
    expect(badApp.status).toBe(404);
    // Still serving.
    expect((await connect()).socketId).toMatch(/^\d+\.\d+$/);
    const up = await fetch(`http://${base}/up`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ health: 'OK' });
  });
});

describe('channels', () => {
  it('delivers events of a public channel with data as the JSON string published, until unsubscribed', async () => {
    const { connect, bus } = await start();
    const { socket } = await connect();
    expect(await socket.subscribe('posts')).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'posts',
      rawData: '{}',
    });
    expect(await socket.subscribe('post.7')).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'post.7',
    });

    await bus.publish({ channels: ['posts'], event: 'post.published', data: '{"post":{"id":7}}' });
    expect(await socket.next()).toEqual({
      event: 'post.published',
      channel: 'posts',
      rawData: '{"post":{"id":7}}',
      data: { post: { id: 7 } },
    });

    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'posts' } });
    await socket.sync();
    await bus.publish({ channels: ['posts'], event: 'post.published', data: '{"post":{"id":8}}' });
    await bus.publish({ channels: ['post.7'], event: 'post.updated', data: '{"post":{"id":7}}' });
    // Order is kept per socket, so the next frame being post.7's proves the posts event never came.
    expect(await socket.next()).toMatchObject({ event: 'post.updated', channel: 'post.7' });
  });

  it('sends one event to every channel named, and skips the socket_id excluded', async () => {
    const { connect, bus } = await start();
    const a = await connect();
    const b = await connect();
    for (const c of [a, b]) await c.socket.subscribe('posts');
    await bus.publish({ channels: ['posts'], event: 'first', data: '{}', exceptSocketId: a.socketId });
    await bus.publish({ channels: ['posts'], event: 'second', data: '{}' });
    expect((await b.socket.next()).event).toBe('first');
    expect((await b.socket.next()).event).toBe('second');
    expect((await a.socket.next()).event).toBe('second');
  });

  it('subscribes to a private channel only with the signature for this socket and channel (else 4009)', async () => {
    const { connect, bus } = await start();
    const { socket, socketId } = await connect();
    const other = await connect();

    expect(await socket.subscribe('private-user.1', signChannelAuth(APP, socketId, 'private-user.1'))).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'private-user.1',
    });
    const forged = [
      undefined,
      'test-key:' + 'a'.repeat(64),
      signChannelAuth(APP, other.socketId, 'private-user.2'),
      signChannelAuth(APP, socketId, 'private-user.1').replace('test-key', 'other-key'),
      signChannelAuth({ key: APP.key, secret: 'guessed' }, socketId, 'private-user.2'),
    ];
    for (const auth of forged) {
      expect(await socket.subscribe('private-user.2', auth)).toMatchObject({
        event: 'pusher:error',
        data: { code: 4009, message: 'Connection is unauthorized' },
      });
    }
    await bus.publish({ channels: ['private-user.2'], event: 'user.updated', data: '{"id":2}' });
    await bus.publish({ channels: ['private-user.1'], event: 'user.updated', data: '{"id":1}' });
    expect(await socket.next()).toMatchObject({ event: 'user.updated', channel: 'private-user.1', data: { id: 1 } });
  });

  it('refuses presence channels, bad channel names and client events, and keeps the connection', async () => {
    const { connect } = await start();
    const { socket } = await connect();
    expect(await socket.subscribe('presence-room')).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
    expect(await socket.subscribe('posts feed')).toMatchObject({
      event: 'pusher:error',
      data: { code: 4200, message: 'Invalid channel name' },
    });
    socket.send({ event: 'pusher:subscribe', data: {} });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { message: 'Invalid channel name' } });
    socket.send({ event: 'client-typing', channel: 'posts', data: {} });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } });
    expect(await socket.subscribe('posts')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
  });

  it('limits subscriptions per connection (4300); a repeated one does not count', async () => {
    const { connect } = await start({ maxSubscriptionsPerConnection: 2 });
    const { socket } = await connect();
    expect((await socket.subscribe('post.1')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await socket.subscribe('post.2')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await socket.subscribe('post.1')).event).toBe('pusher_internal:subscription_succeeded');
    expect(await socket.subscribe('post.3')).toMatchObject({ event: 'pusher:error', data: { code: 4300 } });
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'post.1' } });
    expect((await socket.subscribe('post.3')).event).toBe('pusher_internal:subscription_succeeded');
  });
});

describe('malformed input', () => {
  it('answers frames that are not JSON, unknown events and binary frames with errors, and serves on', async () => {
    const { connect } = await start();
    const { socket } = await connect();
    socket.send('this is not json');
    expect(await socket.next()).toMatchObject({
      event: 'pusher:error',
      data: { code: 4200, message: 'Invalid message format' },
    });
    socket.send({ event: 'pusher:teleport', data: {} });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { message: 'Unknown event' } });
    socket.send({ event: 'whatever' });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { message: 'Unknown event' } });
    socket.ws.send(Buffer.from([0xde, 0xad]), { binary: true });
    expect(await socket.next()).toMatchObject({ event: 'pusher:error', data: { message: 'Invalid message format' } });
    socket.send({ event: 'pusher:ping' });
    expect((await socket.next()).event).toBe('pusher:pong');
  });

  it('closes a socket that sends a frame over the limit (1009, as Reverb) and keeps serving the others', async () => {
    const { connect, bus } = await start({ maxMessageBytes: 10_000 });
    const bystander = await connect();
    await bystander.socket.subscribe('posts');
    const { socket } = await connect();
    socket.send({ event: 'pusher:subscribe', data: { channel: 'posts', channel_data: 'x'.repeat(10_100) } });
    expect((await socket.closed).code).toBe(1009);
    const huge = await connect();
    huge.socket.send('x'.repeat(1_048_576));
    expect((await huge.socket.closed).code).toBe(1009);

    await bus.publish({ channels: ['posts'], event: 'still.here', data: '{}' });
    expect((await bystander.socket.next()).event).toBe('still.here');
  });
});

describe('keeping connections alive', () => {
  it('pings a silent client, closes one that never answers with 4201, and counts control-frame pings as activity', async () => {
    let now = 1_000_000;
    const { connect } = await start({ pingIntervalMs: 60_000, pongTimeoutMs: 30_000 }, createLocalBus(), () => now);
    const answering = await connect();
    const silent = await connect();
    const controlFrames = await connect();

    now += 59_000;
    // A websocket-level ping, as some clients keep alive; ws answers it, so the pong means the server has seen it.
    const ponged = new Promise((resolve) => controlFrames.socket.ws.once('pong', resolve));
    controlFrames.socket.ws.ping();
    await ponged;

    now += 1_000;
    const server = running.at(-1)!;
    server.sweep();
    expect((await answering.socket.next()).event).toBe('pusher:ping');
    expect((await silent.socket.next()).event).toBe('pusher:ping');
    answering.socket.send({ event: 'pusher:pong', data: {} });
    await answering.socket.sync();
    // Frames keep their order, so a pong as the next frame proves no pusher:ping came to the control-frame client.
    await controlFrames.socket.sync();
    expect(controlFrames.socket.unread()).toEqual([]);

    now += 30_000;
    server.sweep();
    expect(await silent.socket.next()).toMatchObject({
      event: 'pusher:error',
      data: { code: 4201, message: 'Pong reply not received in time' },
    });
    expect((await silent.socket.closed).code).toBe(4201);
    await answering.socket.sync();
    await controlFrames.socket.sync();
    expect(server.stats().connections).toBe(2);
  });

  it('drops a client that stops reading before its queue passes the cap', async () => {
    const { connect, bus, server } = await start({ maxBufferedBytes: 256 * 1024 });
    const reader = await connect();
    await reader.socket.subscribe('posts');
    const stalled = await connect();
    await stalled.socket.subscribe('posts');
    (stalled.socket.ws as unknown as { _socket: { pause(): void } })._socket.pause();

    const data = JSON.stringify({ filler: 'x'.repeat(8_000) });
    // Small bursts with a turn of the event loop between them, so the reader keeps up while the stalled one fills
    // its kernel buffers and then the server's queue.
    for (let i = 0; i < 20_000 && server.stats().droppedSlowConsumers === 0; i += 1) {
      await bus.publish({ channels: ['posts'], event: 'big', data });
      if (i % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.stats().droppedSlowConsumers).toBe(1);
    expect(server.stats().connections).toBe(1);
    // The reader that kept up got everything in order.
    expect((await reader.socket.next()).event).toBe('big');
  });

  it('closes every client with 4200 on shutdown, and takes no new ones', async () => {
    const { connect, open, url, server } = await start();
    const a = await connect();
    const b = await connect();
    await server.close();
    expect(await a.socket.closed).toEqual({ code: 4200, reason: 'Server shutting down' });
    expect((await b.socket.closed).code).toBe(4200);
    await expect(open(url())).rejects.toThrow();
  });
});

describe('Pusher HTTP events API', () => {
  it('publishes a signed event to every channel named, except the socket_id given', async () => {
    const { connect, base } = await start();
    const a = await connect();
    const b = await connect();
    for (const c of [a, b]) {
      await c.socket.subscribe('posts');
      await c.socket.subscribe('post.1');
    }
    const res = await post(base, `/apps/${APP.id}/events`, {
      name: 'post.updated',
      channels: ['posts', 'post.1'],
      data: '{"x":1}',
      socket_id: a.socketId,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await b.socket.next()).toMatchObject({ event: 'post.updated', channel: 'posts', rawData: '{"x":1}' });
    expect(await b.socket.next()).toMatchObject({ event: 'post.updated', channel: 'post.1' });

    const batch = await post(base, `/apps/${APP.id}/batch_events`, {
      batch: [
        { name: 'one', channel: 'posts', data: '{}' },
        { name: 'two', channel: 'post.1', data: '{}' },
      ],
    });
    expect(batch.status).toBe(200);
    expect(await a.socket.next()).toMatchObject({ event: 'one', channel: 'posts' });
    expect(await a.socket.next()).toMatchObject({ event: 'two', channel: 'post.1' });
  });

  it('refuses a wrong signature, an unknown app, a bad body and a body over the limit', async () => {
    const { base } = await start({ maxHttpBodyBytes: 2_048 });
    const event = { name: 'x', channel: 'posts', data: '{}' };
    const wrong = await post(base, `/apps/${APP.id}/events`, event, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Неверная подпись запроса (auth_signature)' });

    const unsigned = await fetch(`http://${base}/apps/${APP.id}/events`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(401);

    const stale = JSON.stringify(event);
    const old = await fetch(
      signedUrl(base, `/apps/${APP.id}/events`, stale, APP.secret, Math.floor(Date.now() / 1000) - 3_600),
      { method: 'POST', body: stale },
    );
    expect(old.status).toBe(401);

    expect((await post(base, '/apps/another/events', event)).status).toBe(404);

    const invalid = await post(base, `/apps/${APP.id}/events`, { name: 'x', channel: 'posts feed', data: '{}' });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      errors: { channels: [expect.stringContaining('invalid channel name')] },
    });
    expect(
      (await post(base, `/apps/${APP.id}/events`, { name: 'x', channel: 'posts', data: { not: 'a string' } })).status,
    ).toBe(422);
    expect(
      (await post(base, `/apps/${APP.id}/batch_events`, { batch: [event, { ...event, channel: '' }] })).status,
    ).toBe(422);

    expect((await post(base, `/apps/${APP.id}/events`, { ...event, data: 'x'.repeat(4_096) })).status).toBe(413);
  });
});
