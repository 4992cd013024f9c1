import { useSearchParams } from 'react-router-dom';
import { getSafeRedirectPath } from '@autoradar/core';
import { readBotUsername, readYandexEnabled } from '../../../config';
import { LoginCard } from '../components/login-card';
import { WebSignIn } from '../components/web-sign-in';

/** /login on the web (spec §2): quick sign-in with Telegram's widget and Yandex ID. */
export function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = getSafeRedirectPath(params.get('redirect'));
  return (
    <LoginCard>
      <WebSignIn botUsername={readBotUsername()} yandexEnabled={readYandexEnabled()} redirect={redirect} />
    </LoginCard>
  );
}
