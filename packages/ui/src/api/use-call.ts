import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { CallAtom, CallState } from './atom-with-call';

/** A screen's view of a call atom: its state, and the retry its offline and failed states offer. Reading it is what
 * starts the call; leaving the screen aborts it. */
export function useCall<T>(callAtom: CallAtom<T>): { state: CallState<T>; retry: () => void } {
  const state = useAtomValue(callAtom);
  const dispatch = useSetAtom(callAtom);
  const retry = useCallback(() => dispatch({ type: 'retry' }), [dispatch]);
  return { state, retry };
}
