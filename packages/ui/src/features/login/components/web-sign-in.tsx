import { useEffect, useRef, useState } from 'react';
import { Button, Spinner, Text } from '@telegram-apps/telegram-ui';
import { loginMessages as t } from '../messages';

const WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';
/** A widget script that has neither loaded nor failed by then counts as blocked (a filtering proxy may hang it). */
export const WIDGET_LOAD_TIMEOUT_MS = 10_000;

export type WidgetStatus = 'loading' | 'ready' | 'failed';

/**
 * Telegram's Login Widget: its script replaces itself with the button and sends the user to `authUrl`. Reports
 * 'failed' when the script cannot load (blocked, offline) or does not answer in time.
 */
function TelegramLoginWidget({
  botUsername,
  authUrl,
  onStatus,
}: {
  botUsername: string;
  authUrl: string;
  onStatus: (status: WidgetStatus) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let settled = false;
    const settle = (status: WidgetStatus) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      onStatus(status);
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SRC;
    script.dataset['telegramLogin'] = botUsername;
    script.dataset['size'] = 'large';
    script.dataset['authUrl'] = authUrl;
    script.dataset['requestAccess'] = 'write'; // the bot may then send the new-car notifications
    script.onload = () => settle('ready');
    script.onerror = () => settle('failed');
    const timer = setTimeout(() => settle('failed'), WIDGET_LOAD_TIMEOUT_MS);
    onStatus('loading');
    host.appendChild(script);
    return () => {
      settled = true;
      clearTimeout(timer);
      host.replaceChildren();
    };
  }, [botUsername, authUrl, onStatus]);
  return <div ref={container} className="login-widget" data-testid="telegram-login-widget" />;
}

/** When the widget cannot load: say so, and offer the bot, which signs in through the mini-app instead. */
function BotFallback({ botUsername }: { botUsername: string }) {
  return (
    <div className="login-web__fallback" role="alert">
      <Text className="login-web__missing">{t.widgetFailed}</Text>
      <Button
        Component="a"
        href={`https://t.me/${botUsername}`}
        target="_blank"
        rel="noopener noreferrer"
        size="l"
        stretched
      >
        {t.openBot}
      </Button>
      <Text className="login-web__note">{t.openBotNote(botUsername)}</Text>
    </div>
  );
}

export interface WebSignInProps {
  botUsername: string | undefined;
  /** Yandex ID is configured on the server (`window.__APP_CONFIG__.yandexEnabled`). */
  yandexEnabled: boolean;
  /** The path to return to after sign-in. */
  redirect: string;
}

/** Outside the mini-app (spec §2 Login): the Telegram Login Widget, or the bot when it cannot load; Yandex ID. */
export function WebSignIn({ botUsername, yandexEnabled, redirect }: WebSignInProps) {
  const query = `?redirect=${encodeURIComponent(redirect)}`;
  const [widget, setWidget] = useState<WidgetStatus>('loading');
  return (
    <div className="login-web">
      {!botUsername ? (
        <Text className="login-web__missing">{t.telegramNotConfigured}</Text>
      ) : widget === 'failed' ? (
        <BotFallback botUsername={botUsername} />
      ) : (
        <>
          <TelegramLoginWidget
            botUsername={botUsername}
            authUrl={`/auth/telegram/callback${query}`}
            onStatus={setWidget}
          />
          {widget === 'loading' ? (
            <div className="login-web__loading" role="status">
              <Spinner size="s" />
              <Text className="login-web__note">{t.widgetLoading}</Text>
            </div>
          ) : null}
        </>
      )}
      {/* A plain link: the server answers with a redirect to Yandex ID. Shown only when the server has it set up. */}
      {yandexEnabled ? (
        <Button Component="a" href={`/auth/yandex/redirect${query}`} size="l" mode="bezeled" stretched>
          {t.yandex}
        </Button>
      ) : null}
    </div>
  );
}
