import type { RealtimeEventName, RealtimeEventPayload } from '@autoradar/contract';
import { RealtimeClient } from './client';
import { createEchoTransport } from './transport';

export const realtimeClient = new RealtimeClient({ createTransport: createEchoTransport });

/**
 * Listens to `event` on `channel` (Pusher names: `POSTS_CHANNEL`, `postChannel(id)`, `userChannel(id)` from the
 * contract); returns the function that stops listening. The first listener opens the connection; a channel is left
 * when its last listener stops. Payloads of the contract's events arrive parsed by its schemas.
 */
export function subscribeChannel<N extends RealtimeEventName>(
  channel: string,
  event: N,
  handler: (payload: RealtimeEventPayload<N>) => void,
): () => void;
export function subscribeChannel(channel: string, event: string, handler: (payload: unknown) => void): () => void;
export function subscribeChannel(channel: string, event: string, handler: (payload: never) => void): () => void {
  return realtimeClient.subscribe(channel, event, handler as (payload: unknown) => void);
}

/** A manual connect (spec §9: the reconnect counter resets once it succeeds). */
export function connectRealtime(): void {
  realtimeClient.connect();
}

export function disconnectRealtime(): void {
  realtimeClient.disconnect();
}
