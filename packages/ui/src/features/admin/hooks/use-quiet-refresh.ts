import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { CallAtom } from '../../../api/atom-with-call';

export interface QuietRefreshOptions<T> {
  /** Whether what is shown still needs asking again (an order not finished yet); always, when absent. */
  active?: (shown: T) => boolean;
  /** Each ask's outcome: null when it answered, else its error (what is shown stays). */
  onOutcome?: (error: unknown) => void;
}

/**
 * Asks again every `intervalMs` while the screen shows an answer, keeping it on screen meanwhile («Источники» follows
 * the scheduler's reads, an order's page its provider). Each ask is scheduled when the previous answer has come, so two
 * never overlap; one that fails keeps what is shown (the next tries again). Leaving the screen stops it.
 */
export function useQuietRefresh<T>(
  callAtom: CallAtom<T>,
  load: (signal: AbortSignal) => Promise<T>,
  intervalMs: number,
  options: QuietRefreshOptions<T> = {},
): void {
  const state = useAtomValue(callAtom);
  const dispatch = useSetAtom(callAtom);
  // The latest options without restarting the timer when only they change.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (state.kind !== 'loaded' && state.kind !== 'empty') return undefined;
    const shown = state.data;
    if (latest.current.active && !latest.current.active(shown)) return undefined;
    const timer = setTimeout(() => {
      dispatch({
        type: 'run',
        keepData: true,
        load: async (signal) => {
          try {
            const next = await load(signal);
            latest.current.onOutcome?.(null);
            return next;
          } catch (error) {
            if (signal.aborted) throw error;
            latest.current.onOutcome?.(error);
            return shown;
          }
        },
      });
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [state, dispatch, load, intervalMs]);
}
