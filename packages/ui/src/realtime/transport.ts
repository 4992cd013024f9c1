import type { ConnectionState } from '@autoradar/core';
import { REALTIME_PORT, REALTIME_TLS_PORT } from '@autoradar/core';
import { afterFirstContent } from '../store/first-content';
import { readRealtimeKey, readRealtimePort } from '../config';
import { openEchoTransport } from './connector';

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
   * closes are `failed`, and nothing is tried again until `connect` (connector.ts): the client's policy decides when.
   */
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

/**
 * laravel-echo (broadcaster `reverb`) with pusher-js, both loaded on first use and not before the first screen's
 * content is up (app/first-content.ts): the first screen neither carries them nor waits for them. The client keeps
 * what screens asked for meanwhile and subscribes it once this resolves.
 */
export const createEchoTransport: TransportFactory = async (token) => {
  await afterFirstContent();
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  return openEchoTransport({ ...realtimeEndpoint(window.location), authEndpoint: '/broadcasting/auth' }, token, {
    Echo,
    Pusher,
  });
};
