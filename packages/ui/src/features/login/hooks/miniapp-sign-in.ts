import { useEffect, useMemo } from 'react';
import { atom, useSetAtom, type WritableAtom } from 'jotai';
import { describeSignInError, MESSAGES, MINIAPP_REDIRECT_DELAY_MS } from '@autoradar/core';
import { ApiError } from '../../../api/api-error';
import { atomWithCall, type CallAtom, type CallState } from '../../../api/atom-with-call';
import { call as appCall, type Call } from '../../../api/client';
import { useCall } from '../../../api/use-call';
import { useHaptics } from '../../../platform-hooks';
import { markFirstContentShown } from '../../../store/first-content';
import { checkTelegram, loginTelegram } from '../api';

/** Spec §4 Mini-app sign-in. */
export type MiniAppSignInState =
  { kind: 'loading' } | { kind: 'info'; signingIn: boolean } | { kind: 'success' } | { kind: 'error'; message: string };

/** What the flow's calls answer: a new account's info card, or signed in. */
type SignInStep = { kind: 'info'; signingIn: boolean } | { kind: 'success' };

export interface SignInFlow {
  /** The check, which signs in at once when the account exists; `retry` re-checks (spec §4). */
  flowAtom: CallAtom<SignInStep>;
  /** The info card's button: the flow's second call, creating the account and signing in. */
  loginAtom: WritableAtom<null, [], void>;
}

// Spec §8: the server's error field, else its message, else the unknown-error text (core's rule).
const describeError = (error: unknown) =>
  describeSignInError(error instanceof ApiError ? error.failure : { kind: 'unknown' });

/** One launch's sign-in; `signIn` stores a token and loads its user (the session feature's, passed in). */
export function createSignInFlow(
  initData: string,
  signIn: (token: string) => Promise<unknown>,
  call: Call = appCall,
): SignInFlow {
  const flowAtom = atomWithCall<SignInStep>(
    async (signal) => {
      const { exists, token } = await checkTelegram(initData, signal, call);
      if (!exists || !token) return { kind: 'info', signingIn: false };
      await signIn(token);
      return { kind: 'success' };
    },
    { describeError },
  );
  const loginAtom = atom(null, (_get, set) => {
    set(flowAtom, { type: 'update', update: () => ({ kind: 'info', signingIn: true }) });
    set(flowAtom, {
      type: 'run',
      keepData: true, // the card stays, its button busy, until the answer
      load: async (signal) => {
        await signIn(await loginTelegram(initData, signal, call));
        return { kind: 'success' };
      },
    });
  });
  return { flowAtom, loginAtom };
}

/** The call state as spec §4 names it; no answer is the connection text, with the same retry. */
export function toSignInState(state: CallState<SignInStep>): MiniAppSignInState {
  switch (state.kind) {
    case 'loading':
      return state;
    case 'loaded':
    case 'empty':
      return state.data;
    case 'offline':
      return { kind: 'error', message: MESSAGES.connectionProblem };
    case 'failed':
      return { kind: 'error', message: state.message };
  }
}

export interface MiniAppSignInOptions {
  initData: string;
  /** Stores the token and loads the user (the session feature's sign-in). */
  signIn: (token: string) => Promise<unknown>;
  /** Runs MINIAPP_REDIRECT_DELAY_MS after success. */
  onDone: () => void;
}

export function useMiniAppSignIn({ initData, signIn, onDone }: MiniAppSignInOptions) {
  // Built per launch rather than at module level: its calls need the session's signIn, which the route table passes.
  const { flowAtom, loginAtom } = useMemo(() => createSignInFlow(initData, signIn), [initData, signIn]);
  const { state: call, retry } = useCall(flowAtom);
  const login = useSetAtom(loginAtom);
  const state = toSignInState(call);
  const haptics = useHaptics();

  // Telegram's notification feedback for the outcome (issue 13); silent on the web.
  useEffect(() => {
    if (state.kind === 'success' || state.kind === 'error') haptics.notify(state.kind);
  }, [state.kind, haptics]);

  // A new account's card and a failure wait for the user: the first screen's content is up, and what was held back
  // for the feed (the mini-app's Telegram SDK, realtime) may load. The check and «Вы вошли» lead to the feed, which
  // opens the gate with its first cards (issue 32).
  useEffect(() => {
    if (state.kind === 'info' || state.kind === 'error') markFirstContentShown();
  }, [state.kind]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(onDone, MINIAPP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, onDone]);

  return { state, login, retry };
}
