import { useEffect, useRef } from 'react';
import type { RealtimeEventName, RealtimeEventPayload } from '@autoradar/contract';
import { subscribeChannel } from './instance';

/**
 * Listens to `event` on `channel` while the component is mounted; a null channel listens to nothing (e.g. before the
 * user is known). The latest `handler` is called, so it need not be memoised.
 */
export function useChannel<N extends RealtimeEventName>(
  channel: string | null | undefined,
  event: N,
  handler: (payload: RealtimeEventPayload<N>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!channel) return;
    return subscribeChannel(channel, event, (payload: RealtimeEventPayload<N>) => latest.current(payload));
  }, [channel, event]);
}
