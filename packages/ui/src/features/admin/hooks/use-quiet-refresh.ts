import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { CallAtom } from '../../../api/atom-with-call';

/**
 * Asks again every `intervalMs` while the screen shows an answer, keeping it on screen meanwhile: «Источники» follows
 * the scheduler's reads without a reload. Each ask is scheduled when the previous answer has come, so two never
 * overlap; one that fails keeps what is shown (the next tries again). Leaving the screen stops it.
 */
export function useQuietRefresh<T>(
  callAtom: CallAtom<T>,
  load: (signal: AbortSignal) => Promise<T>,
  intervalMs: number,
): void {
  const state = useAtomValue(callAtom);
  const dispatch = useSetAtom(callAtom);
  useEffect(() => {
    if (state.kind !== 'loaded' && state.kind !== 'empty') return undefined;
    const shown = state.data;
    const timer = setTimeout(() => {
      dispatch({
        type: 'run',
        keepData: true,
        load: async (signal) => {
          try {
            return await load(signal);
          } catch (error) {
            if (signal.aborted) throw error;
            return shown;
          }
        },
      });
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [state, dispatch, load, intervalMs]);
}
