import type EchoClass from 'laravel-echo';
import type PusherClass from 'pusher-js';
import type { ConnectionState } from '@autoradar/core';
import { CONNECTION_STATES } from '@autoradar/core';
import { PRIVATE_CHANNEL_PREFIX } from '@autoradar/contract/channels';

/** What one channel subscription reports back. */
export interface ChannelCallbacks {
  event(name: string, payload: unknown): void;
  subscribed(): void;
  failed(): void;
}

/**
 * One websocket connection as the realtime client sees it: laravel-echo over pusher-js in the apps
 * (`createEchoTransport`). A token change makes a new one, so a private channel is always authorised with the
 * current token.
 */
export interface RealtimeTransport {
  /**
   * pusher-js connection states, the current one first. A try that ends without a connection and a connection that
   * closes are `failed`, and nothing is tried again until `connect` (`openEchoTransport`): the client's policy
   * decides when.
   */
  onStateChange(listener: (state: ConnectionState) => void): void;
  connect(): void;
  disconnect(): void;
  /** Subscribes by Pusher name: `private-…` names are authorised through /broadcasting/auth. */
  join(channel: string, callbacks: ChannelCallbacks): void;
  leave(channel: string): void;
}

export type TransportFactory = (token: string | undefined) => Promise<RealtimeTransport>;

/** Where one connection goes (spec §7) and where its private channels are authorised. */
export interface EchoEndpoint {
  key: string;
  host: string;
  port: number;
  tls: boolean;
  /** `/broadcasting/auth` in the apps; a full URL for a client outside a page (tests). */
  authEndpoint: string;
}

/** laravel-echo and pusher-js: loaded on first use by the apps, imported directly by Node clients (tests). */
export interface EchoModules {
  Echo: typeof EchoClass;
  Pusher: typeof PusherClass;
}

/**
 * How long one connection try may take before it counts as failed (a server that takes the TCP connection and never
 * answers the handshake). pusher-js's own `unavailableTimeout` is the same 10 s; a refused or closed socket fails the
 * try at once.
 */
export const CONNECT_TRY_TIMEOUT_MS = 10_000;

/**
 * laravel-echo's options for one connection (spec §7): the `reverb` broadcaster, one transport per scheme (with both,
 * pusher-js falls back to TLS on the plain port after one failed try), no stats, and a fresh headers object per
 * instance: Echo's `bearerToken` option writes into defaults every instance shares (docs/decisions.md, Realtime).
 * An empty header without a token (spec §7).
 */
export function echoOptions(endpoint: EchoEndpoint, token: string | undefined, Pusher: typeof PusherClass) {
  const { key, host, port, tls, authEndpoint } = endpoint;
  return {
    broadcaster: 'reverb' as const,
    key,
    wsHost: host,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: tls ? ['wss' as const] : ['ws' as const],
    disableStats: true,
    authEndpoint,
    auth: { headers: { Authorization: token ? `Bearer ${token}` : '' } },
    Pusher,
    withoutInterceptors: true,
  };
}

// pusher-js's strategy seam (`Pusher.Runtime.getDefaultStrategy`, typed in its runtime interface), as far as it is
// used here.
interface StrategyRunner {
  abort(): void;
  forceMinPriority(priority: number): void;
}
interface Strategy {
  isSupported(): boolean;
  connect(minPriority: number, callback: (error: unknown, handshake?: unknown) => void): StrategyRunner;
}
interface PusherConfig {
  wsHost: string;
  wsPort: number;
  wssPort: number;
  wsPath: string;
}
type DefineTransport = (
  config: PusherConfig,
  name: string,
  type: string,
  priority: number,
  options: object,
  manager?: unknown,
) => Strategy;
interface StrategyRuntime {
  getDefaultStrategy(config: PusherConfig, options: { useTLS?: boolean }, defineTransport: DefineTransport): Strategy;
}

interface Closable {
  bind(event: 'closed', callback: () => void): void;
}

/**
 * One connection's tries: armed by a connect the realtime client asked for; `ended` when a try ends without a
 * connection, `closed` when the connection a try made closes.
 */
interface Tries {
  armed: boolean;
  ended(): void;
  closed(): void;
}

const triesByConfig = new WeakMap<object, Tries>();
let constructing: Tries | undefined;
const patchedRuntimes = new WeakSet<object>();

/**
 * pusher-js retries by itself, inside one `connecting` state, on its own schedule: after a closed connection at once
 * (and again after 1 s), and a try that meets a refused port is only given up when the try's timer runs out (its
 * default strategy: 15 s, then 30 s, then 60 s; the refusal itself is ignored while the timer runs). The spec's policy
 * (§9: at most 5 attempts, 1 s times the attempt, capped at 10 s) is the realtime client's (client.ts), so a
 * connection made here tries exactly once per connect: it connects, or its end is reported at once (a refused or
 * closed socket, a handshake that fails) or after `CONNECT_TRY_TIMEOUT_MS`, and the connection stops. A retry that
 * pusher-js starts on its own (a closed connection, a server's "back off" or "retry") makes no try either: it reports
 * the end, so the client's policy decides when the next try is. Only connections made by `openEchoTransport` get this
 * strategy; any other pusher-js client keeps the default.
 */
function installOneTryStrategy(Pusher: typeof PusherClass): void {
  const runtime = Pusher.Runtime as unknown as StrategyRuntime;
  if (patchedRuntimes.has(runtime)) return;
  patchedRuntimes.add(runtime);
  const defaultStrategy = runtime.getDefaultStrategy.bind(runtime);
  runtime.getDefaultStrategy = (config, options, defineTransport) => {
    const tries = triesByConfig.get(config) ?? constructing;
    if (!tries) return defaultStrategy(config, options, defineTransport);
    triesByConfig.set(config, tries);
    const tls = Boolean(options.useTLS);
    const transport = defineTransport(config, tls ? 'wss' : 'ws', 'ws', 3, {
      ...options,
      hostNonTLS: `${config.wsHost}:${config.wsPort}`,
      hostTLS: `${config.wsHost}:${config.wssPort}`,
      httpPath: config.wsPath,
      useTLS: tls,
    });
    return oneTry(transport, tries);
  };
}

function oneTry(transport: Strategy, tries: Tries): Strategy {
  return {
    isSupported: () => transport.isSupported(),
    connect(minPriority, callback) {
      // Reported on a later turn: pusher-js is still inside its connect when a try is refused at once.
      let report: ReturnType<typeof setTimeout> | undefined;
      if (!tries.armed) {
        report = setTimeout(() => tries.ended(), 0);
        return { abort: () => clearTimeout(report), forceMinPriority: () => undefined };
      }
      tries.armed = false;
      let settled = false;
      const end = () => {
        settled = true;
        clearTimeout(timer);
        report = setTimeout(() => tries.ended(), 0);
      };
      const timer = setTimeout(() => {
        if (settled) return;
        end();
        runner.abort();
      }, CONNECT_TRY_TIMEOUT_MS);
      const runner = transport.connect(minPriority, (error, handshake) => {
        if (settled) return;
        if (error) return end();
        settled = true;
        clearTimeout(timer);
        // Bound before pusher-js binds its own: the close is reported first, and pusher-js, stopped by it, then
        // schedules no retry of its own (it would wait 1 s after a plain close before its retry even starts).
        (handshake as { connection?: Closable }).connection?.bind('closed', () => tries.closed());
        callback(null, handshake);
      });
      return {
        abort: () => {
          clearTimeout(report);
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          runner.abort();
        },
        forceMinPriority: (priority) => runner.forceMinPriority(priority),
      };
    },
  };
}

function isConnectionState(value: unknown): value is ConnectionState {
  return (CONNECTION_STATES as readonly unknown[]).includes(value);
}

/** pusher-js states in which a connection is up or a try is under way. */
const BUSY = new Set(['connecting', 'connected', 'unavailable']);

/**
 * One websocket connection as the realtime client sees it: laravel-echo (`reverb`) over pusher-js, one try per
 * connect (see `installOneTryStrategy`). A try that ends without a connection, and a connection that closes, are
 * reported as `failed` (spec §4: then a reconnect), with pusher-js stopped, so the client's policy alone decides the
 * next try. The first try starts at once.
 */
export function openEchoTransport(
  endpoint: EchoEndpoint,
  token: string | undefined,
  { Echo, Pusher }: EchoModules,
): RealtimeTransport {
  installOneTryStrategy(Pusher);
  let state: ConnectionState = 'initialized';
  const listeners = new Set<(state: ConnectionState) => void>();
  const report = (next: ConnectionState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  let stopping = false;
  /** The connection closed; pusher-js is stopped on the next turn (its close handling is still running). */
  let dropped = false;
  /** pusher-js stopped (its own retry timers cleared), the end reported once. */
  const stop = () => {
    dropped = false;
    stopping = true;
    pusher.connection.disconnect();
    stopping = false;
    if (state !== 'failed') report('failed');
  };
  const tries: Tries = {
    armed: true,
    ended: stop,
    closed: () => {
      // Already disconnected: a disconnect asked for, or a server's refusal (pusher-js stops then: 4001 unknown key,
      // 4004 over capacity), which no policy retries.
      if (pusher.connection.state === 'disconnected' || dropped) return;
      dropped = true;
      setTimeout(() => {
        if (dropped) stop();
      }, 0);
    },
  };
  constructing = tries;
  let echo: EchoClass<'reverb'>;
  try {
    echo = new Echo(echoOptions(endpoint, token, Pusher));
  } finally {
    constructing = undefined;
  }
  const pusher = echo.connector.pusher;
  pusher.connection.bind('state_change', ({ current }: { current: unknown }) => {
    // While dropped, pusher-js's own retry (at once after a 4200) shows as `connecting`: not a try of the policy's.
    if (stopping || dropped || !isConnectionState(current)) return;
    report(current);
  });
  if (isConnectionState(pusher.connection.state)) state = pusher.connection.state;
  const unbinders = new Map<string, () => void>();

  const leave = (channel: string) => {
    unbinders.get(channel)?.();
    unbinders.delete(channel);
    echo.leaveChannel(channel);
  };

  return {
    onStateChange(listener) {
      listeners.add(listener);
      listener(state);
    },
    connect: () => {
      if (dropped) stop();
      if (BUSY.has(pusher.connection.state)) return;
      tries.armed = true;
      pusher.connect();
    },
    disconnect: () => {
      for (const channel of [...unbinders.keys()]) leave(channel);
      tries.armed = false;
      dropped = false;
      echo.disconnect();
    },
    join(channel, callbacks) {
      leave(channel);
      const echoChannel = channel.startsWith(PRIVATE_CHANNEL_PREFIX)
        ? echo.private(channel.slice(PRIVATE_CHANNEL_PREFIX.length))
        : echo.channel(channel);
      // pusher-js keeps a channel object whose subscription was cancelled while pending, bindings and all, so every
      // binding made here is undone on leave; otherwise a re-join would deliver each event twice.
      const subscription = echoChannel.subscription;
      const onEvent = (name: string, payload: unknown) => {
        if (!name.startsWith('pusher:') && !name.startsWith('pusher_internal:')) callbacks.event(name, payload);
      };
      const onSubscribed = () => callbacks.subscribed();
      const onError = () => callbacks.failed();
      subscription.bind_global(onEvent);
      subscription.bind('pusher:subscription_succeeded', onSubscribed);
      subscription.bind('pusher:subscription_error', onError);
      unbinders.set(channel, () => {
        subscription.unbind_global(onEvent);
        subscription.unbind('pusher:subscription_succeeded', onSubscribed);
        subscription.unbind('pusher:subscription_error', onError);
      });
    },
    leave,
  };
}
