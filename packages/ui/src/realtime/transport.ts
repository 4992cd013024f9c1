import { REALTIME_PORT, REALTIME_TLS_PORT } from '@autoradar/core';
import { afterFirstContent } from '../store/first-content';
import { readRealtimeKey, readRealtimePort } from '../config';
import { openEchoTransport, type TransportFactory } from './connector';

// The transport's shape lives with its laravel-echo implementation (connector.ts, importable outside a page).
export type { ChannelCallbacks, RealtimeTransport, TransportFactory } from './connector';

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
