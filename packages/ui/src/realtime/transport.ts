import type { ConnectionState } from '@autoradar/core';
import { CONNECTION_STATES, REALTIME_PORT, REALTIME_TLS_PORT } from '@autoradar/core';
import { PRIVATE_CHANNEL_PREFIX } from '@autoradar/contract/channels';
import { afterFirstContent } from '../store/first-content';
import { readRealtimeKey, readRealtimePort } from '../config';

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
  /** pusher-js connection states, the current one first. */
  onStateChange(listener: (state: ConnectionState) => void): void;
  connect(): void;
  disconnect(): void;
  /** Subscribes by Pusher name: `private-…` names are authorised through /broadcasting/auth. */
  join(channel: string, callbacks: ChannelCallbacks): void;
  leave(channel: string): void;
}

export type TransportFactory = (token: string | undefined) => Promise<RealtimeTransport>;

export interface RealtimeEndpoint {
  key: string;
  host: string;
  port: number;
  tls: boolean;
}

/**
 * Spec §7: the page's own host, port 8080 (ws) or 443 (wss on https pages). The server injects its REVERB_PORT, which
 * replaces 8080 on plain-http pages; an https page goes through the proxy on 443 whatever the server listens on inside
 * (infra/nginx.conf).
 */
export function realtimeEndpoint(location: Pick<Location, 'protocol' | 'hostname'>): RealtimeEndpoint {
  const tls = location.protocol === 'https:';
  return {
    key: readRealtimeKey(),
    host: location.hostname,
    port: tls ? REALTIME_TLS_PORT : (readRealtimePort() ?? REALTIME_PORT),
    tls,
  };
}

function isConnectionState(value: unknown): value is ConnectionState {
  return (CONNECTION_STATES as readonly unknown[]).includes(value);
}

/**
 * laravel-echo (broadcaster `reverb`) with pusher-js, both loaded on first use and not before the first screen's
 * content is up (app/first-content.ts): the first screen neither carries them nor waits for them. The client keeps
 * what screens asked for meanwhile and subscribes it once this resolves.
 */
export const createEchoTransport: TransportFactory = async (token) => {
  await afterFirstContent();
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  const { key, host, port, tls } = realtimeEndpoint(window.location);
  const echo = new Echo({
    broadcaster: 'reverb',
    key,
    wsHost: host,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    // One transport per scheme: with both, pusher-js falls back to TLS on the plain port after one failed attempt.
    enabledTransports: tls ? ['wss'] : ['ws'],
    disableStats: true,
    authEndpoint: '/broadcasting/auth',
    // A fresh headers object per instance: Echo's `bearerToken` option writes into defaults every instance shares
    // (docs/decisions.md, Realtime). Spec §7: an empty header without a token.
    auth: { headers: { Authorization: token ? `Bearer ${token}` : '' } },
    Pusher,
    withoutInterceptors: true,
  });
  const pusher = echo.connector.pusher;
  const unbinders = new Map<string, () => void>();

  const leave = (channel: string) => {
    unbinders.get(channel)?.();
    unbinders.delete(channel);
    echo.leaveChannel(channel);
  };

  return {
    onStateChange(listener) {
      const report = (state: unknown) => {
        if (isConnectionState(state)) listener(state);
      };
      pusher.connection.bind('state_change', ({ current }: { current: unknown }) => report(current));
      report(pusher.connection.state);
    },
    connect: () => pusher.connect(),
    disconnect: () => {
      for (const channel of [...unbinders.keys()]) leave(channel);
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
};
