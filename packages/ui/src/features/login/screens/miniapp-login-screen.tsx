import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getSafeRedirectPath } from '@autoradar/core';
import { LoginCard } from '../components/login-card';
import { MiniAppSignInView } from '../components/miniapp-sign-in';
import { useMiniAppSignIn } from '../hooks/miniapp-sign-in';
import { readInitDataUser } from '../init-data-user';

export interface MiniAppLoginScreenProps {
  /** Telegram's raw initData of this launch. */
  initData: string;
  /** Stores a token and loads its user: the session's sign-in, passed in by the route table. */
  signIn: (token: string) => Promise<unknown>;
}

/**
 * /login inside Telegram (spec §4 Mini-app sign-in). A screen of its own, apart from the web's widget and Yandex
 * button, so a launch from Telegram loads only what it shows.
 */
export function MiniAppLoginScreen({ initData, signIn }: MiniAppLoginScreenProps) {
  const [params] = useSearchParams();
  const redirect = getSafeRedirectPath(params.get('redirect'));
  const navigate = useNavigate();
  const user = useMemo(() => readInitDataUser(initData), [initData]);
  const onDone = useCallback(() => void navigate(redirect, { replace: true }), [navigate, redirect]);
  const { state, login, retry } = useMiniAppSignIn({ initData, signIn, onDone });
  return (
    <LoginCard>
      <MiniAppSignInView state={state} user={user} login={login} retry={retry} />
    </LoginCard>
  );
}
