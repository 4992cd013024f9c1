import Pusher from 'pusher';
import type { EventPublisher } from './live-events';

// Live events from a process without the websocket server (the bot's own process, DESIGN.md §5): the official Pusher
// server SDK signs `POST /apps/:appId/events`, which the API's websocket port accepts as Reverb does; with Redis the
// API instance that receives it fans it out to the others.

export interface PusherPublisherOptions {
  appId: string;
  key: string;
  secret: string;
  /** Where the API's websocket server listens (REVERB_HOST, REVERB_PORT). */
  host: string;
  port: number;
  useTLS?: boolean;
}

export function createPusherPublisher(opts: PusherPublisherOptions): EventPublisher {
  const client = new Pusher({
    appId: opts.appId,
    key: opts.key,
    secret: opts.secret,
    host: opts.host,
    port: String(opts.port),
    useTLS: opts.useTLS ?? false,
    // A process's events are delivered one after another (events/domain-events.ts): an API that does not answer must
    // not hold the ones behind it for longer than this.
    timeout: 5_000,
  });
  return {
    async publish(channels, event, data, publishOpts) {
      const list = typeof channels === 'string' ? [channels] : channels;
      await client.trigger(
        list,
        event,
        typeof data === 'string' ? data : JSON.stringify(data),
        publishOpts?.exceptSocketId === undefined ? undefined : { socket_id: publishOpts.exceptSocketId },
      );
    },
  };
}
