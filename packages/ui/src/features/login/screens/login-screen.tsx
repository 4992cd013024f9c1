import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Text } from '@telegram-apps/telegram-ui';
import { getSafeRedirectPath } from '@autoradar/core';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName, readBotUsername } from '../../../config';
import { usePlatform } from '../../../platform';
import { MiniAppSignInView } from '../components/miniapp-sign-in';
import { WebSignIn } from '../components/web-sign-in';
import { useMiniAppSignIn } from '../hooks/miniapp-sign-in';
import { readInitDataUser } from '../init-data-user';
import { loginMessages as t } from '../messages';
import '../login.css';

export interface LoginScreenProps {
  /** Stores a token and loads its user: the session's sign-in, passed in by the route table. */
  signIn: (token: string) => Promise<unknown>;
}

/** An error the server sends back after a failed web sign-in (`/login#error=...`, DESIGN §3). */
export function readErrorFromHash(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('error') || undefined;
}

function MiniAppSignIn({ initData, signIn, redirect }: { initData: string; signIn: LoginScreenProps['signIn']; redirect: string }) {
  const navigate = useNavigate();
  const user = useMemo(() => readInitDataUser(initData), [initData]);
  const onDone = useCallback(() => void navigate(redirect, { replace: true }), [navigate, redirect]);
  const { state, login, retry } = useMiniAppSignIn({ initData, signIn, onDone });
  return <MiniAppSignInView state={state} user={user} login={login} retry={retry} />;
}

/** /login (spec §2): quick sign-in; the mini-app flow inside Telegram, the widget and Yandex ID on the web. */
export function LoginScreen({ signIn }: LoginScreenProps) {
  const { initData } = usePlatform();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const redirect = getSafeRedirectPath(params.get('redirect'));
  const error = readErrorFromHash(hash);
  useDocumentTitle(t.documentTitle(readAppName()));

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-card__title">
          {t.title}
        </h1>
        <Text className="login-card__note">{t.note}</Text>
        {error ? (
          <Text className="login-card__error" role="alert">
            {error}
          </Text>
        ) : null}
        {initData ? (
          <MiniAppSignIn initData={initData} signIn={signIn} redirect={redirect} />
        ) : (
          <WebSignIn botUsername={readBotUsername()} redirect={redirect} />
        )}
      </section>
    </main>
  );
}
