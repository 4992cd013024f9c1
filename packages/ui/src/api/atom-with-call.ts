import { atom, type WritableAtom } from 'jotai';
import { MESSAGES } from '@autoradar/core';
import { ApiError } from './api-error';

/**
 * What a screen shows for one call (docs/decisions.md, "Loading state"). `empty` is a successful answer the caller
 * calls empty (`isEmpty`); `offline` is no answer at all; `failed` is any other failure, with a text to show.
 */
export type CallState<T> =
  | { kind: 'loading' }
  | { kind: 'loaded'; data: T }
  | { kind: 'empty'; data: T }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string; status?: number | undefined; error?: unknown };

/** What can be written to a call atom, from a component or from non-React code (`getDefaultStore().set`). */
export type CallAction<T> =
  /** Aborts whatever runs, shows loading and calls the atom's own load again. */
  | { type: 'retry' }
  /** Aborts whatever runs and forgets the state, unless `retain` keeps a settled one (what unmounting does). */
  | { type: 'cancel' }
  /** Patches the data of a `loaded` or `empty` state (a realtime event, an appended page); ignored in any other. */
  | { type: 'update'; update: (data: T) => T }
  /** Another call in the same slot (a flow's next step): it cancels the one before, and only the latest may write.
   * With `keepData` the current state stays on screen until its answer comes. */
  | { type: 'run'; load: (signal: AbortSignal) => Promise<T>; keepData?: boolean };

export type CallAtom<T> = WritableAtom<CallState<T>, [CallAction<T>], void>;

export interface CallOptions<T> {
  /** Which answers the screen shows as its empty state; without it every answer is `loaded`. */
  isEmpty?: (data: T) => boolean;
  /** The `failed` text; by default the API's message, else «Неизвестная ошибка» (spec §8). */
  describeError?: (error: unknown) => string;
  /** Keep a settled state when the last reader leaves, so coming back shows it at once instead of loading again
   * (a feed scrolled down); by default leaving forgets it, so every visit loads afresh. */
  retain?: boolean;
}

const LOADING = { kind: 'loading' } as const;

/** The default `failed` text: the API's envelope message, else the generic one. */
export function describeCallError(error: unknown): string {
  return (error instanceof ApiError && error.body?.message) || MESSAGES.unknownError;
}

/** No answer came (the client's network error), or the browser itself says it is offline. */
export function isOffline(error: unknown): boolean {
  if (error instanceof ApiError && error.isNetworkError) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** What mounting writes: start the call unless one is under way or a retained state is there. Not a public action. */
type Mount = { type: 'mount' };

interface Slot<T> {
  state: CallState<T>;
  /** The call under way; whatever replaces it aborts it first, which is what keeps its late answer out. */
  controller: AbortController | null;
}

/**
 * One call's state as a jotai atom. It loads when its first reader mounts and aborts when the last one leaves;
 * `retry`, `run`, `update` and `cancel` are written to it (see `CallAction`). Atoms live at module level in the
 * feature that owns them, so realtime listeners reach the same state through the store.
 */
export function atomWithCall<T>(load: (signal: AbortSignal) => Promise<T>, options: CallOptions<T> = {}): CallAtom<T> {
  const { isEmpty, describeError = describeCallError, retain = false } = options;
  const slotAtom = atom<Slot<T>>({ state: LOADING, controller: null });
  slotAtom.debugPrivate = true;

  const settle = (data: T): CallState<T> => (isEmpty?.(data) ? { kind: 'empty', data } : { kind: 'loaded', data });
  const fail = (error: unknown): CallState<T> =>
    isOffline(error)
      ? { kind: 'offline' }
      : {
          kind: 'failed',
          message: describeError(error),
          status: error instanceof ApiError && error.status !== null ? error.status : undefined,
          error,
        };

  const callAtom = atom(
    (get) => get(slotAtom).state,
    (get, set, action: CallAction<T> | Mount) => {
      const slot = get(slotAtom);
      if (action.type === 'mount' && (slot.controller || slot.state.kind !== 'loading')) return;
      if (action.type === 'update') {
        if (slot.state.kind === 'loaded' || slot.state.kind === 'empty')
          set(slotAtom, { ...slot, state: settle(action.update(slot.state.data)) });
        return;
      }
      slot.controller?.abort();
      if (action.type === 'cancel') {
        const keep = retain && slot.state.kind !== 'loading';
        set(slotAtom, { state: keep ? slot.state : LOADING, controller: null });
        return;
      }

      const controller = new AbortController();
      const keepData = action.type === 'run' && action.keepData === true;
      set(slotAtom, { state: keepData ? slot.state : LOADING, controller });
      const finish = (state: CallState<T>) => {
        // The stale-result guard: a retry, a newer run or leaving aborted this call, even if its load ignored that.
        if (controller.signal.aborted) return;
        set(slotAtom, { state, controller: null });
      };
      const run = action.type === 'run' ? action.load : load;
      // A load that throws before its first await fails like one that rejects.
      new Promise<T>((resolve) => resolve(run(controller.signal))).then(
        (data) => finish(settle(data)),
        (error: unknown) => finish(fail(error)),
      );
    },
  );

  callAtom.onMount = (dispatch) => {
    dispatch({ type: 'mount' });
    return () => dispatch({ type: 'cancel' });
  };
  return callAtom;
}

/**
 * One call atom per key (a listing by id): the same key gives the same atom, so a screen and a realtime listener meet
 * on it. Entries are only atom definitions (their state is dropped on unmount unless retained), so none is evicted.
 * Replaces jotai's `atomFamily`, deprecated in 2.x.
 */
export function callFamily<T>(
  load: (key: string, signal: AbortSignal) => Promise<T>,
  options: CallOptions<T> = {},
): (key: string) => CallAtom<T> {
  const atoms = new Map<string, CallAtom<T>>();
  return (key) => {
    let callAtom = atoms.get(key);
    if (!callAtom) {
      callAtom = atomWithCall((signal) => load(key, signal), options);
      atoms.set(key, callAtom);
    }
    return callAtom;
  };
}
