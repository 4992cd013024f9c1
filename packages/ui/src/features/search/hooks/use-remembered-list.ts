import { useEffect } from 'react';
import type { CallAtom } from '../../../api/atom-with-call';
import { useCall } from '../../../api/use-call';

/**
 * A dialog's list: its call, and each answer handed to `remember` once it is in, so the chips can name what was
 * chosen from it after the dialog has closed. `list` is the answer, null until it is loaded.
 */
export function useRememberedList<D extends readonly unknown[]>(callAtom: CallAtom<D>, remember: (items: D) => void) {
  const { state, retry } = useCall(callAtom);
  const list = state.kind === 'loaded' ? state.data : null;
  useEffect(() => {
    if (list) remember(list);
  }, [list, remember]);
  return { state, retry, list };
}
