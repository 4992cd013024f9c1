import { describeInvalidMessage, type RealtimeBus, type RealtimeMessage } from './bus';
import type { RealtimeLog } from './log';

export interface PublishOptions {
  /** A socket that must not receive the event, usually the client whose request caused it. */
  exceptSocketId?: string;
}

/**
 * How the API emits live events (`app.broadcaster`). `data` is sent as JSON; a string is taken as JSON already, as
 * Pusher's server SDKs do. Names that can never be delivered (bad channel name, empty event) reject: that is a bug
 * in the caller. A transport failure (Redis down) is logged and resolves: a lost live update must not fail the
 * change that caused it, which is already committed.
 */
export interface Broadcaster {
  publish(channels: string[] | string, event: string, data: unknown, opts?: PublishOptions): Promise<void>;
}

export function createBroadcaster(bus: RealtimeBus, log: RealtimeLog): Broadcaster {
  return {
    async publish(channels, event, data, opts) {
      const message: RealtimeMessage = {
        channels: typeof channels === 'string' ? [channels] : [...channels],
        event,
        data: typeof data === 'string' ? data : (JSON.stringify(data) ?? '{}'),
        ...(opts?.exceptSocketId === undefined ? {} : { exceptSocketId: opts.exceptSocketId }),
      };
      const problem = describeInvalidMessage(message);
      if (problem) throw new TypeError(`realtime: cannot publish ${JSON.stringify(event)}: ${problem}`);
      try {
        await bus.publish(message);
      } catch (err) {
        log.error({ err, event, channels: message.channels }, 'realtime: event not published');
      }
    },
  };
}
