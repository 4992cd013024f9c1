import { useEffect, useRef } from 'react';
import { Button, Text } from '@telegram-apps/telegram-ui';
import { loginMessages as t } from '../messages';

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/** Telegram's Login Widget: its script replaces itself with the button and sends the user to `authUrl`. */
function TelegramLoginWidget({ botUsername, authUrl }: { botUsername: string; authUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.dataset['telegramLogin'] = botUsername;
    script.dataset['size'] = 'large';
    script.dataset['authUrl'] = authUrl;
    script.dataset['requestAccess'] = 'write'; // the bot may then send the new-car notifications
    host.appendChild(script);
    return () => host.replaceChildren();
  }, [botUsername, authUrl]);
  return <div ref={container} className="login-widget" data-testid="telegram-login-widget" />;
}

export interface WebSignInProps {
  botUsername: string | undefined;
  /** The path to return to after sign-in. */
  redirect: string;
}

/** Outside the mini-app (spec §2 Login): the Telegram Login Widget and the Yandex ID link. */
export function WebSignIn({ botUsername, redirect }: WebSignInProps) {
  const query = `?redirect=${encodeURIComponent(redirect)}`;
  return (
    <div className="login-web">
      {botUsername ? (
        <TelegramLoginWidget botUsername={botUsername} authUrl={`/auth/telegram/callback${query}`} />
      ) : (
        <Text className="login-web__missing">{t.telegramNotConfigured}</Text>
      )}
      {/* A plain link: the server answers with a redirect to Yandex ID. */}
      <Button Component="a" href={`/auth/yandex/redirect${query}`} size="l" mode="bezeled" stretched>
        {t.yandex}
      </Button>
    </div>
  );
}
