import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { isOrderFinished, ORDER_POLL_INTERVAL_MS } from '@autoradar/core';
import type { CallAtom } from '../../../api/atom-with-call';
import type { OrderDetail } from '../api';

/**
 * Spec §4: the order detail asks again every 10 s until the order is finished (completed or failed). Each poll is
 * scheduled when the previous answer has come, so two never overlap; a poll that fails keeps the order on screen and
 * reports why (`pollError`), and the next one tries again. Leaving the screen stops it.
 */
export function useOrderPolling(
  callAtom: CallAtom<OrderDetail>,
  load: (signal: AbortSignal) => Promise<OrderDetail>,
  describeError: (error: unknown) => string,
): { polling: boolean; pollError: string | null } {
  const state = useAtomValue(callAtom);
  const dispatch = useSetAtom(callAtom);
  const [pollError, setPollError] = useState<string | null>(null);
  const polling = state.kind === 'loaded' && !isOrderFinished(state.data.order.status);

  useEffect(() => {
    if (state.kind !== 'loaded' || isOrderFinished(state.data.order.status)) return undefined;
    const shown = state.data;
    const timer = setTimeout(() => {
      dispatch({
        type: 'run',
        keepData: true,
        load: async (signal) => {
          try {
            const next = await load(signal);
            setPollError(null);
            return next;
          } catch (error) {
            if (signal.aborted) throw error;
            setPollError(describeError(error));
            return shown;
          }
        },
      });
    }, ORDER_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [state, dispatch, load, describeError]);

  return { polling, pollError };
}
