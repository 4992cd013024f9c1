import { useCallback, useRef, useState } from 'react';

export type ActionState = { kind: 'idle' } | { kind: 'pending' } | { kind: 'failed'; message: string; error: unknown };

export type ActionResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * One user action that calls the API (save, delete, order): whether it runs, and the text of its failure. A second
 * start while one runs is ignored, so a double click sends one request.
 */
export function useAction<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  describe: (error: unknown) => string,
): { state: ActionState; start: (...args: A) => Promise<ActionResult<R>>; reset: () => void } {
  const [state, setState] = useState<ActionState>({ kind: 'idle' });
  const running = useRef(false);

  const start = useCallback(
    async (...args: A): Promise<ActionResult<R>> => {
      if (running.current) return { ok: false, error: new Error('busy') };
      running.current = true;
      setState({ kind: 'pending' });
      try {
        const value = await run(...args);
        setState({ kind: 'idle' });
        return { ok: true, value };
      } catch (error) {
        setState({ kind: 'failed', message: describe(error), error });
        return { ok: false, error };
      } finally {
        running.current = false;
      }
    },
    [run, describe],
  );
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, start, reset };
}

/** What a dialog or a form shows of an action: whether it runs, and why it last failed. */
export function actionStatus(state: ActionState): { pending: boolean; error: string | undefined } {
  return { pending: state.kind === 'pending', error: state.kind === 'failed' ? state.message : undefined };
}
