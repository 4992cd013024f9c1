import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { isOrderFinished, ORDER_POLL_INTERVAL_MS } from '@autoradar/core';
import type { CallAtom } from '../../../api/atom-with-call';
import type { OrderDetail } from '../api';
import { useQuietRefresh } from './use-quiet-refresh';

const unfinished = (detail: OrderDetail) => !isOrderFinished(detail.order.status);

/**
 * Spec §4: the order detail asks again every 10 s until the order is finished (completed or failed), through the
 * admin's quiet refresh; a poll that fails keeps the order on screen and reports why (`pollError`), and the next one
 * tries again.
 */
export function useOrderPolling(
  callAtom: CallAtom<OrderDetail>,
  load: (signal: AbortSignal) => Promise<OrderDetail>,
  describeError: (error: unknown) => string,
): { polling: boolean; pollError: string | null } {
  const state = useAtomValue(callAtom);
  const [pollError, setPollError] = useState<string | null>(null);
  useQuietRefresh(callAtom, load, ORDER_POLL_INTERVAL_MS, {
    active: unfinished,
    onOutcome: (error) => setPollError(error === null ? null : describeError(error)),
  });
  return { polling: state.kind === 'loaded' && unfinished(state.data), pollError };
}
