import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@autoradar/core';
import { ApiError } from '../../../api/api-error';
import { checkTelegram, loginTelegram } from '../api';

/** Spec §4 Mini-app sign-in. */
export type MiniAppSignInState =
  | { kind: 'loading' }
  | { kind: 'info'; signingIn: boolean }
  | { kind: 'success' }
  | { kind: 'error'; message: string };

export const SUCCESS_REDIRECT_DELAY_MS = 2000;

/** Spec §8: the server's message, the connection text when no answer came, else the generic unknown-error text. */
export function describeSignInError(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message ?? (error.isNetworkError ? MESSAGES.connectionProblem : MESSAGES.unknownError);
  return MESSAGES.unknownError;
}

export interface MiniAppSignInOptions {
  initData: string;
  /** Stores the token and loads the user (the session feature's sign-in). */
  signIn: (token: string) => Promise<unknown>;
  /** Runs 2 s after success. */
  onDone: () => void;
}

export function useMiniAppSignIn({ initData, signIn, onDone }: MiniAppSignInOptions) {
  const [attempt, setAttempt] = useState(0);
  const key = `${initData}#${attempt}`;
  // A result belongs to the check that produced it; a retry reads as loading until its own answer comes.
  const [result, setResult] = useState<{ key: string; state: MiniAppSignInState } | null>(null);
  const state: MiniAppSignInState = result?.key === key ? result.state : { kind: 'loading' };

  useEffect(() => {
    let current = true;
    checkTelegram(initData)
      .then(async ({ exists, token }): Promise<MiniAppSignInState> => {
        if (!exists || !token) return { kind: 'info', signingIn: false };
        await signIn(token);
        return { kind: 'success' };
      })
      .catch((error: unknown): MiniAppSignInState => ({ kind: 'error', message: describeSignInError(error) }))
      .then((next) => {
        if (current) setResult({ key, state: next });
      }, () => undefined);
    return () => {
      current = false;
    };
  }, [initData, key, signIn]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(onDone, SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, onDone]);

  const login = useCallback(() => {
    setResult({ key, state: { kind: 'info', signingIn: true } });
    loginTelegram(initData)
      .then((token) => signIn(token))
      .then(
        (): MiniAppSignInState => ({ kind: 'success' }),
        (error: unknown): MiniAppSignInState => ({ kind: 'error', message: describeSignInError(error) }),
      )
      .then((next) => setResult({ key, state: next }), () => undefined);
  }, [initData, key, signIn]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, login, retry };
}
